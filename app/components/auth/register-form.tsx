import { ArrowLeft, ArrowRight, Loader2 } from "~/components/ui/icons";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { Form, useNavigation } from "react-router";
import { FormMessage, primaryButtonClass, secondaryButtonClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { FieldErrors } from "~/lib/forms";
import {
  ACCOUNT_INFO_FIELDS,
  accountInfoSchema,
  REGISTER_FIELDS,
  registerSchema,
  registrationStepOf,
} from "~/modules/accounts/auth-forms";
import { AccountInfoStep } from "./register-account-info";
import { PersonalDetailsStep } from "./register-personal-details";
import { RegisterStepIndicator, type RegisterStep } from "./register-step-indicator";

/** What a refused registration sends back: messages, and the typed values except the passwords. */
export interface RegisterActionData {
  errors: FieldErrors;
  formError: string | null;
  values: Record<string, string>;
}

function stepOfErrors(errors: FieldErrors): RegisterStep | null {
  const fields = Object.keys(errors).filter((k) => errors[k]);
  if (fields.length === 0) return null;
  return fields.some((f) => registrationStepOf(f) === 1) ? 1 : 2;
}

/**
 * The registration form (spec §2, §5): Next checks 'Account Info', Create Account checks both steps
 * and posts them to the page's action, which checks them again. The server's messages open the step
 * that holds them.
 */
export function RegisterForm({ actionData }: { actionData: RegisterActionData | undefined }) {
  const navigation = useNavigation();
  const submitting =
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.startsWith("/register");

  const [step, setStep] = useState<RegisterStep>(() => stepOfErrors(actionData?.errors ?? {}) ?? 1);
  const kit = useZodForm({
    ...(step === 1
      ? { schema: accountInfoSchema, fields: ACCOUNT_INFO_FIELDS }
      : { schema: registerSchema, fields: REGISTER_FIELDS }),
    lastResult: actionData,
    revalidate: "onChange",
  });
  // A new answer from the server opens the step of its messages; its form-level message stays until the next submit.
  const [answer, setAnswer] = useState(actionData);
  const [answerSeen, setAnswerSeen] = useState<unknown>(null);
  if (actionData !== answer) {
    setAnswer(actionData);
    const errorStep = actionData && stepOfErrors(actionData.errors);
    if (errorStep) setStep(errorStep);
  }
  const formError = actionData && actionData !== answerSeen ? actionData.formError : null;
  const values = actionData?.values ?? {};

  // After Next or Back, focus goes to the new step's heading so its fields are read in order.
  const headingRef = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    headingRef.current?.focus();
  }, [step]);

  function goTo(next: RegisterStep) {
    moved.current = true;
    setStep(next);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    setAnswerSeen(actionData);
    if (step === 1) {
      // Enter in step 1 means Next.
      event.preventDefault();
      if (kit.validate().ok) goTo(2);
      return;
    }
    const result = kit.validate();
    if (result.ok) return;
    event.preventDefault();
    // A message of step 1 (changed since Next): back there, where the kit focuses its first invalid field.
    if (stepOfErrors(result.errors) === 1) setStep(1);
  }

  return (
    <>
      <RegisterStepIndicator step={step} />
      {formError && (
        <FormMessage kind="error" className="mb-6">
          {formError}
        </FormMessage>
      )}

      <Form method="post" {...kit.form} onSubmit={onSubmit}>
        <AccountInfoStep active={step === 1} headingRef={headingRef} field={kit.field} values={values} />
        <PersonalDetailsStep active={step === 2} headingRef={headingRef} field={kit.field} values={values} />

        <div className="mt-8 flex gap-3">
          {step === 1 ? (
            // Keys: a reused <button> whose type changes during its own click would submit the form.
            <button key="next" type="submit" className={primaryButtonClass}>
              Next
              <ArrowRight className="size-4" aria-hidden />
            </button>
          ) : (
            <>
              <button
                key="back"
                type="button"
                className={`${secondaryButtonClass} sm:w-auto`}
                onClick={() => goTo(1)}
                disabled={submitting}
              >
                <ArrowLeft className="size-4" aria-hidden />
                Back
              </button>
              <button key="create" type="submit" className={primaryButtonClass} disabled={submitting}>
                {submitting && <Loader2 className="size-4 animate-spin" aria-hidden />}
                {submitting ? "Creating account..." : "Create Account"}
              </button>
            </>
          )}
        </div>
      </Form>
    </>
  );
}
