import type { ReactNode, Ref } from "react";
import type { ZodForm } from "~/components/ui/use-zod-form";

/** What each step of the registration form is given by the form. */
export interface RegisterStepProps {
  active: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  field: ZodForm["field"];
  values: Record<string, string>;
}

/** One step of the registration form: hidden (not removed) when not active, so its values are posted. */
export function RegisterStep(props: {
  title: string;
  active: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  const { title, active, headingRef, children } = props;
  return (
    <fieldset hidden={!active} className="min-w-0 space-y-5">
      <legend className="sr-only">{title}</legend>
      {active && (
        <h2 ref={headingRef} tabIndex={-1} className="text-lg font-semibold outline-none">
          {title}
        </h2>
      )}
      {children}
    </fieldset>
  );
}
