import { createContext, useContext } from 'react';

/** The clinic's zone until its public data says otherwise: the server's default (`clinic.time_zone`). */
export const DEFAULT_CLINIC_TIME_ZONE = 'Europe/Madrid';

const ClinicTimeZoneContext = createContext(DEFAULT_CLINIC_TIME_ZONE);

/**
 * Gives every screen the clinic's IANA zone (the app's root sets it from the clinic's public data, which
 * the server embeds in the page). Answers that carry their own `timeZone` (the diary, an appointment, the
 * booking's slots) use theirs; the rest — when a file was uploaded, a message written, a consent given —
 * read this one, so no date is ever shown in the browser's zone.
 */
export const ClinicTimeZoneProvider = ClinicTimeZoneContext.Provider;

/** The clinic's IANA zone, e.g. «Europe/Madrid». */
export const useClinicZone = () => useContext(ClinicTimeZoneContext);
