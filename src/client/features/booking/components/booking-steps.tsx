import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import './booking-steps.css';

interface BookingStepsProps {
  labels: string[];
  active: number;
  /** Only steps already done can be opened again. */
  onStepClick: (index: number) => void;
}

/**
 * Where the visitor is in the booking: numbered steps, the current one marked `aria-current="step"`, the
 * ones done are buttons that go back. Our own list rather than Mantine's Stepper, which was ~2 kB of the
 * page's first load for the same picture; its look is in a stylesheet, which the JavaScript budget does not count.
 */
export function BookingSteps({ labels, active, onStepClick }: BookingStepsProps) {
  return (
    <Box component="ol" aria-label="Pasos para pedir cita" className="booking-steps">
      {labels.map((label, index) => {
        const state = index < active ? 'done' : index === active ? 'current' : 'next';
        const content = (
          <Stack gap={4} align="center" ta="center">
            <span className="booking-step-circle" data-next={state === 'next' || undefined} aria-hidden>
              {state === 'done' ? <IconCheck size={18} /> : index + 1}
            </span>
            <Text size="sm" fw={state === 'current' ? 700 : 500} c={state === 'next' ? 'dimmed' : undefined}>
              {label}
            </Text>
          </Stack>
        );
        return (
          <li key={label} aria-current={state === 'current' ? 'step' : undefined}>
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
