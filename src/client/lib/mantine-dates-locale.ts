/**
 * Mantine's date pickers speak Spanish through dayjs' locale: the one thing dayjs does in the client (a lint
 * rule allows it in this file only). Imported by the components that render a picker, so it loads with them.
 * Every date the app writes itself comes from `./dates`.
 */
import dayjs from 'dayjs';
import 'dayjs/locale/es';

dayjs.locale('es');
