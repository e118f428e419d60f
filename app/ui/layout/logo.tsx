export function LogoMark({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="lk-grad" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#6366f1" />
          <stop offset="1" stopColor="#a855f7" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#lk-grad)" />
      <path d="M16 6.5c3.6 2.6 5.4 6.3 5.2 11.2l-2.7 2.8h-5l-2.7-2.8C10.6 12.8 12.4 9.1 16 6.5Z" fill="#fff" />
      <circle cx="16" cy="13.6" r="1.9" fill="#6366f1" />
      <path d="M13.4 22.2h5.2L16 26.4l-2.6-4.2Z" fill="#fde68a" />
    </svg>
  );
}

export function Wordmark() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900">
      <LogoMark />
      LaunchKit
    </span>
  );
}
