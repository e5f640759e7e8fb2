-- A note on a service, shown in «Servicios y tarifas» (issue 35, item 6): why it carries the VAT it does (a
-- certificate for a driving licence or a sport is not health care, so it is taxed), or anything the desk should know.
ALTER TABLE clinic_services ADD COLUMN note text NOT NULL DEFAULT '' CHECK (char_length(note) <= 500);
