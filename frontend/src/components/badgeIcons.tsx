/**
 * The icons of the other screens' cards, ratings and results (./icons.tsx holds the first
 * screen's): a module of their own, so that the first download does not carry them.
 */
import { base, type IconProps } from './icons.tsx';

export function TrophyIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="M7 4h10v4a5 5 0 0 1-10 0zM12 13v4M8 21h8M7 6H4a3 3 0 0 0 3 4M17 6h3a3 3 0 0 1-3 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <svg {...base(props)}>
      <path d="m5 12 5 5 9-10" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A star: filled for a given rating, outlined for one not given. */
export function StarIcon({ filled = true, ...props }: IconProps & { filled?: boolean }) {
  return (
    <svg {...base(props)}>
      <path d="m12 3 2.8 5.7 6.2.9-4.5 4.4 1.1 6.2L12 17.3 6.4 20.2l1.1-6.2L3 9.6l6.2-.9z" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
    </svg>
  );
}

/** A found (yellow) or missed (red) dot, as the share text's circles. */
export function ResultDot({ found }: { found: boolean }) {
  return <span aria-hidden="true" className={`inline-block h-3 w-3 shrink-0 rounded-full ${found ? 'bg-lava-yellow' : 'bg-lava-red'}`} />;
}
