import { Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconEraser } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';

type Point = { x: number; y: number };
const HEIGHT = 180;
/** The server takes at most 2000 × 1000 px: the drawing is scaled for the screen's density up to that. */
const MAX_WIDTH = 2000;

function scaleOf(canvas: HTMLCanvasElement) {
  const ratio = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return Math.min(ratio, MAX_WIDTH / Math.max(1, canvas.clientWidth), 1000 / HEIGHT);
}

/**
 * The handwritten signature: drawn with a finger, a pen or the mouse (`pointer` events, so the page does not scroll
 * while drawing), with «Deshacer» (the last stroke) and «Borrar». `onChange` gets the PNG data URL, or null when
 * the pad is empty. The keyboard's way to sign is the typed name, next to it in the form.
 */
export function SignaturePad({ onChange, label }: { onChange: (png: string | null) => void; label: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const strokes = useRef<Point[][]>([]);
  const drawing = useRef(false);
  const [count, setCount] = useState(0);

  const redraw = useCallback(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!canvas || !context) return;
    const scale = scaleOf(canvas);
    canvas.width = Math.round(canvas.clientWidth * scale);
    canvas.height = Math.round(HEIGHT * scale);
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.clientWidth, HEIGHT);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#1a1b1e';
    for (const stroke of strokes.current) {
      context.beginPath();
      stroke.forEach((point, index) =>
        index === 0 ? context.moveTo(point.x, point.y) : context.lineTo(point.x, point.y),
      );
      if (stroke.length === 1) context.lineTo(stroke[0]!.x + 0.5, stroke[0]!.y + 0.5);
      context.stroke();
    }
  }, []);

  useEffect(() => {
    redraw();
    window.addEventListener('resize', redraw);
    return () => window.removeEventListener('resize', redraw);
  }, [redraw]);

  const changed = () => {
    setCount(strokes.current.length);
    onChange(strokes.current.length > 0 ? (canvasRef.current?.toDataURL('image/png') ?? null) : null);
  };
  const pointOf = (event: PointerEvent<HTMLCanvasElement>): Point => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  const down = (event: PointerEvent<HTMLCanvasElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    strokes.current.push([pointOf(event)]);
    redraw();
  };
  const move = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    strokes.current.at(-1)!.push(pointOf(event));
    redraw();
  };
  const up = () => {
    if (!drawing.current) return;
    drawing.current = false;
    changed();
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id="signature-pad-label">
        {label}
      </Text>
      <canvas
        ref={canvasRef}
        role="img"
        aria-labelledby="signature-pad-label"
        aria-describedby="signature-pad-hint"
        data-testid="signature-pad"
        style={{
          width: '100%',
          height: HEIGHT,
          touchAction: 'none',
          border: '1px solid var(--mantine-color-gray-5)',
          borderRadius: 8,
          background: '#fff',
          cursor: 'crosshair',
        }}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
      />
      <Text size="xs" c="dimmed" id="signature-pad-hint">
        {count === 0
          ? 'Firma dentro del recuadro con el dedo o el ratón.'
          : `Firma dibujada (${count} ${count === 1 ? 'trazo' : 'trazos'}).`}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          disabled={count === 0}
          onClick={() => {
            strokes.current.pop();
            redraw();
            changed();
          }}
        >
          Deshacer
        </Button>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconEraser size={14} aria-hidden />}
          disabled={count === 0}
          onClick={() => {
            strokes.current = [];
            redraw();
            changed();
          }}
        >
          Borrar
        </Button>
      </Group>
    </Stack>
  );
}
