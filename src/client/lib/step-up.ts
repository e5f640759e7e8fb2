/**
 * «Confirma que eres tú» (issue 33): a change of how one signs in answers 403 `STEP_UP_REQUIRED` when this
 * session gave no proof in the last 5 minutes. The app registers one handler (the dialog); `apiFetch` asks
 * it on that answer and, once the person has confirmed, sends the same request again.
 */
export const STEP_UP_REQUIRED = 'STEP_UP_REQUIRED';

type StepUpHandler = () => Promise<boolean>;
let handler: StepUpHandler | null = null;
let asking: Promise<boolean> | null = null;

/** The dialog registers itself while it is mounted; answers the function that unregisters it. */
export function setStepUpHandler(next: StepUpHandler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

/** Asks the person to confirm (one dialog for requests that need it at the same time); false if she cancels. */
export function askForStepUp(): Promise<boolean> {
  if (!handler) return Promise.resolve(false);
  asking ??= handler().finally(() => {
    asking = null;
  });
  return asking;
}
