-- When the patient arrived (checked in, «En sala»): set when the status becomes en_sala, or given by the
-- desk when an appointment is marked attended without a check-in; put back by an undo. The diary shows
-- «En sala desde las 18:52 · 8 min» from it.
ALTER TABLE appointments ADD COLUMN arrived_at timestamptz;
