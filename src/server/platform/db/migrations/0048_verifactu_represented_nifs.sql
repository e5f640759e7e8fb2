-- The NIFs whose VERI*FACTU records the configured certificate may send although its holder is another (an admin
-- confirmed, when switching to producción, that the holder is registered at the AEAT as the issuer's representative).
-- The sender sends a chain only for its holder's NIF or one of these (issue 35, item 4: «a chain is sent only with a
-- certificate entitled for its NIF»).
ALTER TABLE clinic_settings
  ADD COLUMN verifactu_represented_nifs text[] NOT NULL DEFAULT '{}';
