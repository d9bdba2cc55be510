import { UserMinus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { AlertDialog } from "~/components/ui/alert-dialog";
import { primaryButton, secondaryButton, SelectField, TextField } from "~/components/ui/field";
import { ROLE_LABELS, ROLE_SUMMARIES, STAFF_ROLES, type StaffRole } from "~/modules/staff/permissions";

/** What the staff page's action answers. */
export interface StaffAnswer {
  intent: string | null;
  ok: boolean;
  message: string;
  errors: Partial<Record<"email" | "role", string>>;
}

interface Member {
  id: string;
  name: string;
  email: string;
  role: StaffRole;
  since: string;
}

interface Invitation {
  id: string;
  email: string;
  role: StaffRole;
  invitedBy: string;
  expiresAt: string;
}

const day = (iso: string) => iso.slice(0, 10);

/** Toasts a fetcher's answer once it arrives. */
function useAnswerToast(answer: StaffAnswer | undefined) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [answer]);
}

function RoleOptions() {
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {ROLE_LABELS[role]}
    </option>
  ));
}

function InviteForm() {
  const fetcher = useFetcher<StaffAnswer>();
  const answer = fetcher.data;
  useAnswerToast(answer);
  const form = useRef<HTMLFormElement>(null);
  const [role, setRole] = useState<StaffRole>("fulfilment");
  useEffect(() => {
    if (answer?.ok && fetcher.state === "idle") form.current?.reset();
  }, [answer, fetcher.state]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      ref={form}
      method="post"
      className="grid max-w-2xl gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
    >
      <input type="hidden" name="intent" value="invite" />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="off"
        required
        error={answer && !answer.ok ? answer.errors.email : undefined}
      />
      <SelectField
        label="Role"
        name="role"
        value={role}
        onChange={(event) => setRole(event.target.value as StaffRole)}
        error={answer && !answer.ok ? answer.errors.role : undefined}
      >
        <RoleOptions />
      </SelectField>
      <button type="submit" className={`${primaryButton} sm:mt-7`} disabled={busy} aria-busy={busy}>
        {busy ? "Sending…" : "Send invitation"}
      </button>
      <p className="text-sm text-muted sm:col-span-3">
        {ROLE_LABELS[role]}: {ROLE_SUMMARIES[role]}
      </p>
    </fetcher.Form>
  );
}

function MemberRow({ member, isYou }: { member: Member; isYou: boolean }) {
  const roleFetcher = useFetcher<StaffAnswer>();
  const removeFetcher = useFetcher<StaffAnswer>();
  useAnswerToast(roleFetcher.data);
  useAnswerToast(removeFetcher.data);
  const [confirming, setConfirming] = useState(false);
  const keep = useRef<HTMLButtonElement>(null);
  const who = member.name || member.email;
  return (
    <tr className="border-t border-line">
      <td className="py-3 pr-4">
        <span className="font-medium">{who}</span>
        {isYou && <span className="ml-2 text-xs text-muted">(you)</span>}
        <br />
        <span className="text-sm text-muted">{member.email}</span>
      </td>
      <td className="py-3 pr-4">
        <roleFetcher.Form method="post" className="flex items-center gap-2">
          <input type="hidden" name="intent" value="change-role" />
          <input type="hidden" name="userId" value={member.id} />
          <label className="sr-only" htmlFor={`role-${member.id}`}>
            Role of {who}
          </label>
          <select
            id={`role-${member.id}`}
            name="role"
            defaultValue={member.role}
            className="h-9 rounded-lg border border-line bg-white px-2 text-sm"
          >
            <RoleOptions />
          </select>
          <button type="submit" className="h-9 rounded-full border border-line px-3 text-sm hover:bg-stone-50">
            Change role<span className="sr-only"> of {who}</span>
          </button>
        </roleFetcher.Form>
      </td>
      <td className="py-3 pr-4 text-sm">{day(member.since)}</td>
      <td className="py-3">
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className="inline-flex h-9 items-center gap-1.5 rounded-full border border-red-200 px-3 text-sm text-red-800 hover:bg-red-50"
        >
          <UserMinus className="size-4" aria-hidden />
          Remove<span className="sr-only"> {who}</span>
        </button>
        <AlertDialog
          open={confirming}
          onDismiss={() => setConfirming(false)}
          title={`Remove ${who} from the staff?`}
          description="They lose access to the back office at once and every session of theirs ends. Their account stays, as a customer's."
          initialFocus={keep}
        >
          <removeFetcher.Form method="post" className="flex justify-end gap-3" onSubmit={() => setConfirming(false)}>
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="userId" value={member.id} />
            <button ref={keep} type="button" className={secondaryButton} onClick={() => setConfirming(false)}>
              Keep
            </button>
            <button type="submit" className={`${primaryButton} bg-red-700 hover:bg-red-800`}>
              Remove
            </button>
          </removeFetcher.Form>
        </AlertDialog>
      </td>
    </tr>
  );
}

function InvitationRow({ invitation }: { invitation: Invitation }) {
  const fetcher = useFetcher<StaffAnswer>();
  useAnswerToast(fetcher.data);
  return (
    <tr className="border-t border-line">
      <td className="py-3 pr-4">{invitation.email}</td>
      <td className="py-3 pr-4">{ROLE_LABELS[invitation.role]}</td>
      <td className="py-3 pr-4 text-sm">{invitation.invitedBy}</td>
      <td className="py-3 pr-4 text-sm">{day(invitation.expiresAt)}</td>
      <td className="py-3">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="revoke" />
          <input type="hidden" name="invitationId" value={invitation.id} />
          <button type="submit" className="h-9 rounded-full border border-line px-3 text-sm hover:bg-stone-50">
            Withdraw<span className="sr-only"> the invitation to {invitation.email}</span>
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

/** /admin/staff: the owner's staff page (issue 32). */
export function StaffPage({
  members,
  invitations,
  you,
}: {
  members: Member[];
  invitations: Invitation[];
  you: string;
}) {
  return (
    <div className="container-page py-10">
      <h1 className="font-display text-4xl font-semibold">Staff</h1>
      <p className="mt-2 max-w-2xl text-muted">
        Who works in the back office, and what each may do. There is always at least one owner.
      </p>

      <section aria-labelledby="invite-heading" className="mt-8">
        <h2 id="invite-heading" className="mb-3 text-lg font-semibold">
          Invite someone
        </h2>
        <InviteForm />
      </section>

      <section aria-labelledby="members-heading" className="mt-10">
        <h2 id="members-heading" className="mb-3 text-lg font-semibold">
          Members
        </h2>
        <div className="overflow-x-auto">
          <table className="w-full text-left">
            <thead className="text-xs uppercase tracking-wide text-muted">
              <tr>
                <th scope="col" className="pb-2 pr-4 font-medium">
                  Member
                </th>
                <th scope="col" className="pb-2 pr-4 font-medium">
                  Role
                </th>
                <th scope="col" className="pb-2 pr-4 font-medium">
                  Since
                </th>
                <th scope="col" className="pb-2 font-medium">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {members.map((member) => (
                <MemberRow key={member.id} member={member} isYou={member.id === you} />
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="invitations-heading" className="mt-10">
        <h2 id="invitations-heading" className="mb-3 text-lg font-semibold">
          Open invitations
        </h2>
        {invitations.length === 0 ? (
          <p className="text-muted">No open invitations.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left">
              <thead className="text-xs uppercase tracking-wide text-muted">
                <tr>
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    Email
                  </th>
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    Role
                  </th>
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    Invited by
                  </th>
                  <th scope="col" className="pb-2 pr-4 font-medium">
                    Expires
                  </th>
                  <th scope="col" className="pb-2 font-medium">
                    <span className="sr-only">Withdraw</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {invitations.map((invitation) => (
                  <InvitationRow key={invitation.id} invitation={invitation} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
