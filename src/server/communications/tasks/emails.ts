import type { MailMessage } from '../../platform';
import { buttonHtml, emailLayout, escapeHtml } from '../../platform';

/** «Te han asignado una tarea»: what, by when, and the link to the assignee's area. No clinical contents. */
export function taskAssignedEmail(input: {
  to: string;
  displayName: string;
  clinicName: string;
  assignedBy: string;
  title: string;
  priorityLabel: string;
  dueLabel: string | null;
  link: string;
}): MailMessage {
  const greeting = input.displayName ? `Hola, ${input.displayName}:` : 'Hola:';
  const due = input.dueLabel ? `Fecha límite: ${input.dueLabel}.` : 'Sin fecha límite.';
  const text = `${greeting}

${input.assignedBy} te ha asignado una tarea en ${input.clinicName}:

«${input.title}»
Prioridad: ${input.priorityLabel}. ${due}

Puedes verla aquí: ${input.link}

${input.clinicName}`;
  const html = emailLayout(
    input.clinicName,
    `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(input.assignedBy)} te ha asignado una tarea en ${escapeHtml(input.clinicName)}:</p>
<p><strong>«${escapeHtml(input.title)}»</strong><br>Prioridad: ${escapeHtml(input.priorityLabel)}. ${escapeHtml(due)}</p>
${buttonHtml(input.link, 'Ver mis tareas')}`,
  );
  return { to: input.to, subject: `Nueva tarea asignada: ${input.title}`, text, html };
}
