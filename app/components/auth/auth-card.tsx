import type { ReactNode } from "react";

/** The centred card of the sign-in and registration pages. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  wide = false,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="bg-gradient-to-b from-stone-100 to-canvas">
      <div className="container-page flex justify-center py-12 sm:py-16">
        <div className={`w-full ${wide ? "max-w-xl" : "max-w-md"}`}>
          <div className="rounded-3xl border border-line bg-white px-6 py-8 shadow-sm sm:px-10 sm:py-10">
            <div className="text-center">
              <h1 className="font-display text-3xl font-semibold tracking-tight">{title}</h1>
              {subtitle && <p className="mt-2 text-sm text-muted">{subtitle}</p>}
            </div>
            <div className="mt-8">{children}</div>
          </div>
          {footer && <div className="mt-6 text-center text-sm text-muted">{footer}</div>}
        </div>
      </div>
    </div>
  );
}

/** "or continue with" between the form and the social buttons. */
export function Divider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-widest text-muted">
      <span className="h-px flex-1 bg-line" aria-hidden />
      <span>{label}</span>
      <span className="h-px flex-1 bg-line" aria-hidden />
    </div>
  );
}
