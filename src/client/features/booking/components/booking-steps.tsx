import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { CSSProperties } from 'react';

interface BookingStepsProps {
  labels: string[];
  active: number;
  /** Only steps already done can be opened again. */
  onStepClick: (index: number) => void;
}

const circle = (state: 'done' | 'current' | 'next'): CSSProperties => ({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: 32,
  height: 32,
  borderRadius: '50%',
  fontWeight: 700,
  border: '2px solid var(--mantine-primary-color-filled)',
  background: state === 'next' ? 'var(--mantine-color-body)' : 'var(--mantine-primary-color-filled)',
  color: state === 'next' ? 'var(--mantine-color-text)' : 'var(--mantine-primary-color-contrast)',
});

/**
 * Where the visitor is in the booking: numbered steps, the current one marked `aria-current="step"`, the
 * ones done are buttons that go back. Our own list rather than Mantine's Stepper, which was ~2 kB of the
 * page's first load for the same picture.
 */
export function BookingSteps({ labels, active, onStepClick }: BookingStepsProps) {
  return (
    <Box
      component="ol"
      aria-label="Pasos para pedir cita"
      style={{ display: 'flex', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}
    >
      {labels.map((label, index) => {
        const state = index < active ? 'done' : index === active ? 'current' : 'next';
        const content = (
          <Stack gap={4} align="center" ta="center">
            <span style={circle(state)} aria-hidden>
              {state === 'done' ? <IconCheck size={18} /> : index + 1}
            </span>
            <Text size="sm" fw={state === 'current' ? 700 : 500} c={state === 'next' ? 'dimmed' : undefined}>
              {label}
            </Text>
          </Stack>
        );
        return (
          <li key={label} style={{ flex: 1 }} aria-current={state === 'current' ? 'step' : undefined}>
            {state === 'done' ? (
              <UnstyledButton
                onClick={() => onStepClick(index)}
                w="100%"
                style={{ borderRadius: 8 }}
                aria-label={`${label} (hecho): volver a este paso`}
              >
                {content}
              </UnstyledButton>
            ) : (
              content
            )}
          </li>
        );
      })}
    </Box>
  );
}
