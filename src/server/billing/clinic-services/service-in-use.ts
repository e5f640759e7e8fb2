/**
 * Whether something of another context names a service for good, so that it cannot be deleted (only deactivated):
 * forms' published consents do (`forms/consents/service-in-use.ts`). Each check answers why in the desk's words, or
 * null; the composition root lists them.
 */
export type ServiceInUseCheck = (serviceId: string) => Promise<string | null>;
