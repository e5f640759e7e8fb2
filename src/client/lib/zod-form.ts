// Forms validate with zod: its Spanish messages are set up here, with the first form, rather than
// before the first paint of every page.
import './zod-setup';

export { zodResolver } from '@hookform/resolvers/zod';
