import type { SVGProps } from 'react';

/** Small inline icons (stroke follows currentColor). */
export type IconProps = SVGProps<SVGSVGElement>;
/** The attributes every icon shares; features drawing their own icons start from these too. */
export const iconBase = (props: IconProps) => ({
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  ...props,
});

export const BackIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M15 5l-7 7 7 7" />
  </svg>
);
export const ChevronRightIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M9 5l7 7-7 7" />
  </svg>
);
export const HomeIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </svg>
);
export const OrderIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <rect x="5" y="3" width="14" height="18" rx="2" />
    <path d="M9 8h6M9 12h6M9 16h4" />
  </svg>
);
export const UserIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21c1-4 4-6 8-6s7 2 8 6" />
  </svg>
);
export const GlobeIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" />
  </svg>
);
export const PercentIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M19 5L5 19" />
    <circle cx="7" cy="7" r="2.5" />
    <circle cx="17" cy="17" r="2.5" />
  </svg>
);
export const BoltIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M13 2L4 14h7l-1 8 9-12h-7z" />
  </svg>
);
export const StarIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M12 3l2.8 5.7 6.2.9-4.5 4.4 1 6.2L12 17.3 6.5 20.2l1-6.2L3 9.6l6.2-.9z" />
  </svg>
);
export const ShieldIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
    <path d="M9 12l2 2 4-4" />
  </svg>
);
export const CheckIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M5 12l5 5 9-10" />
  </svg>
);
export const EyeIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
export const EyeOffIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M3 3l18 18" />
    <path d="M10.6 5.1A10.7 10.7 0 0 1 12 5c6.4 0 10 7 10 7a17.6 17.6 0 0 1-3.2 4.1M6.6 6.6C3.9 8.4 2 12 2 12s3.6 7 10 7a10 10 0 0 0 5.4-1.6" />
    <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </svg>
);
export const HeadsetIcon = (props: IconProps) => (
  <svg {...iconBase(props)}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="3" y="14" width="4" height="6" rx="1.5" />
    <rect x="17" y="14" width="4" height="6" rx="1.5" />
  </svg>
);
