-- The service a waiting-list entry is for (optional): the slots offered to it are of the service's length, by a
-- doctor who performs it, and the appointment booked from an offer names it. An entry without one waits for the
-- doctor's length, as before. A service is deleted only when no appointment names it; an entry waiting for it
-- then keeps waiting without one.
ALTER TABLE waiting_list_entries ADD COLUMN service_id uuid REFERENCES clinic_services(id) ON DELETE SET NULL;
