/**
 * Inline SVG icons: the same on every device (emoji differ between platforms and are missing
 * on systems without an emoji font). Decorative: the buttons around them carry the labels.
 */
import type { SVGProps } from 'react';

export type IconProps = SVGProps<SVGSVGElement>;

export const base = (props: IconProps): IconProps => ({
  width: '1em',
  height: '1em',
  viewBox: '0 0 24 24',
  'aria-hidden': true,
  focusable: false,
  ...props,
});

export function VolcanoIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M2 21 9 9h6l7 12z" fill="var(--maroon)" stroke="var(--red)" strokeWidth="1.2" strokeLinejoin="round" />
      <path d="M9 9c1 2 2 2.5 3 2.5S14 11 15 9" fill="var(--lava-top)" />
      <path d="M10 6.5c.5-2 1.5-3 2-4.5.5 1.5 1.5 2.5 2 4.5" fill="none" stroke="var(--lava-top)" strokeWidth="1.4" strokeLinecap="round" />
    </svg>
  );
}

export function FlameIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path
        d="M12 2c1 3.5 5.5 6 5.5 11a5.5 5.5 0 0 1-11 0c0-2.5 1.2-4 2.5-5.5.3 2 1.2 3 2.2 3.2C10.4 8 11 5 12 2z"
        fill="currentColor"
      />
    </svg>
  );
}

export function DiceIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="3" y="3" width="18" height="18" rx="4" fill="none" stroke="currentColor" strokeWidth="2" />
      {[
        [8, 8],
        [16, 8],
        [12, 12],
        [8, 16],
        [16, 16],
      ].map(([cx, cy]) => (
        <circle key={`${String(cx)}-${String(cy)}`} cx={cx} cy={cy} r="1.6" fill="currentColor" />
      ))}
    </svg>
  );
}

export function CalendarIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <rect x="3" y="5" width="18" height="16" rx="3" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
