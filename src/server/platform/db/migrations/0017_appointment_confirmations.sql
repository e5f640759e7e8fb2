-- The patient's answer to the reminder («Confirmo que iré» / «No podré ir»): one row per appointment,
-- the last answer wins. Kept beside `appointments` so the busy appointments table keeps its shape.
CREATE TABLE appointment_answers (
  appointment_id uuid PRIMARY KEY REFERENCES appointments(id),
  answer text NOT NULL CONSTRAINT appointment_answers_answer_check CHECK (answer IN ('confirmed', 'declined')),
  answered_at timestamptz NOT NULL
);
