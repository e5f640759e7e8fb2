import dayjs from 'dayjs';
import 'dayjs/locale/es';

dayjs.locale('es');

const dateFormatter = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' });
const dateTimeFormatter = new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' });

/** «22 de noviembre de 2026» */
export const formatDate = (value: string | Date) => dateFormatter.format(new Date(value));
/** «22 nov 2026, 10:30» */
export const formatDateTime = (value: string | Date) => dateTimeFormatter.format(new Date(value));
