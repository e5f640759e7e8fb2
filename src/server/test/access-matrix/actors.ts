/** Who calls each route in the access matrix (a module of its own: the row files and the world both need it). */
export const ACTORS = ['visitor', 'pacienteA', 'pacienteB', 'doctorA', 'doctorB', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
