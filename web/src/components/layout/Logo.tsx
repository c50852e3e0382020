import { useId } from 'react';

/** The brand mark: a rounded screen with a play triangle and a star spark. Decorative. */
export function LogoMark({ size = 36 }: { size?: number }) {
  const id = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="logo-mark">
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="40" y2="40" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#00b4d8" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="38" height="38" rx="11" fill={`url(#${id}-bg)`} />
      <rect x="8" y="11" width="24" height="17" rx="4" fill="none" stroke="#fff" strokeWidth="2.4" />
      <path d="M17.5 15.5v8l6.5-4-6.5-4Z" fill="#fff" />
      <path d="M15 32h10" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      <path d="M31.5 5.5l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9.9-2.1Z" fill="#ffe066" />
    </svg>
  );
}
