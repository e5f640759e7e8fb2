// zod's Spanish messages, loaded with the first form that validates, never before the first paint
// (`jitless` is set where the client build resolves zod: lib/zod-jitless.ts).
import '../../common/zod-es';
