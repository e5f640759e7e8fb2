/** One CSV cell: quoted when needed, and never read as a formula. */
export const cell = (value: string) => {
  // Formula injection: a cell starting with = + - @ is read as a formula by spreadsheets.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  // Quoted whenever it holds a separator of either kind (`;` or `,`, as spreadsheets guess), a quote or a line break.
  return /[";,\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};
