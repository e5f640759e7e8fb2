// The toasts' container, in a module of its own so that `app.tsx` can load it after the first paint
// while the `notifications` store that screens call stays small and shared.
export { Notifications as default } from '@mantine/notifications';
