import { STAFF_ROLES, type StaffMember, type StaffRole } from '@marco/contract/staff';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageIntro, PageShell } from '@/components/layouts/page-intro';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/use-toast';
import { useUser } from '@/features/auth/hooks/use-user';
import { EmptyBlock, ErrorBlock, LoadingBlock } from '@/features/guides/components/states';
import { describeError } from '@/lib/describe-error';
import { useResetStaffSecondFactor, useSetStaffRoles, useStaffMembers } from '../api/staff-members';
import { StaffOnly } from '../components/staff-only';

/** /staff/members: admins give and take staff roles and reset a lost authenticator. */
export function StaffMembersPage() {
  return (
    <StaffOnly staffRole="admin">
      <StaffMembers />
    </StaffOnly>
  );
}

function StaffMembers() {
  const { t } = useTranslation('admin');
  const members = useStaffMembers();
  const [resetting, setResetting] = useState<StaffMember | null>(null);
  let body: ReactNode;
  if (members.isPending) body = <LoadingBlock rows={4} />;
  else if (members.isError) body = <ErrorBlock error={members.error} onRetry={() => void members.refetch()} />;
  else if (members.data.data.length === 0) body = <EmptyBlock title={t('members.empty')} />;
  else
    body = (
      <ul className="divide-y divide-neutral-200 overflow-hidden rounded-card border border-neutral-200 bg-surface shadow-card">
        {members.data.data.map((member) => (
          <MemberRow key={member.userId} member={member} onReset={() => setResetting(member)} />
        ))}
      </ul>
    );
  return (
    <PageShell>
      <PageIntro title={t('members.title')} intro={t('members.intro')} />
      <div className="mt-10">{body}</div>
      <ResetDialog member={resetting} onClose={() => setResetting(null)} />
    </PageShell>
  );
}

const nameOf = (member: StaffMember, fallback: string) =>
  [member.name, member.surname].filter(Boolean).join(' ') || fallback;

function MemberRow({ member, onReset }: { member: StaffMember; onReset: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const { user } = useUser();
  const save = useSetStaffRoles();
  const [roles, setRoles] = useState<StaffRole[]>(member.roles);
  const name = nameOf(member, t('audit.unnamedStaff'));
  const isSelf = user?.id === member.userId;
  const changed = [...roles].sort().join() !== [...member.roles].sort().join();
  const toggle = (role: StaffRole, on: boolean) =>
    setRoles((current) => (on ? [...current, role] : current.filter((held) => held !== role)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { userId: member.userId, roles },
      {
        onSuccess: () => toast({ color: 'success', title: t('members.saved', { name }), timeout: 4000 }),
        onError: (error) => toast({ color: 'error', ...describeError(error, tDefault) }),
      },
    );
  };
  return (
    <li className="grid gap-4 px-5 py-4 lg:grid-cols-[minmax(0,1fr)_auto] lg:items-center">
      <div className="min-w-0">
        <p className="font-semibold text-neutral-900">
          <bdi>{name}</bdi>
        </p>
        <p className="text-sm text-neutral-600">
          <bdi dir="ltr">{member.phoneNumber ?? ''}</bdi>
        </p>
        <p className={member.enrolled ? 'mt-1 text-sm text-success-700' : 'mt-1 text-sm text-warning-700'}>
          {member.enrolled ? t('members.enrolled') : t('members.notEnrolled')}
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-wrap items-center gap-x-5 gap-y-3">
        <fieldset className="flex flex-wrap gap-x-4 gap-y-2">
          <legend className="sr-only">{t('members.rolesOf', { name })}</legend>
          {STAFF_ROLES.map((role) => (
            <label key={role} className="inline-flex items-center gap-2 text-sm text-neutral-800">
              <input
                type="checkbox"
                className="size-4 accent-brand-600"
                checked={roles.includes(role)}
                // An admin keeps their own admin role, so there is always someone to manage staff.
                disabled={isSelf && role === 'admin'}
                onChange={(event) => toggle(role, event.target.checked)}
              />
              {t(`roles.${role}`)}
            </label>
          ))}
        </fieldset>
        <Button type="submit" size="sm" disabled={!changed} loading={save.isPending}>
          {t('members.save')}
        </Button>
        <Button type="button" size="sm" variant="outline" disabled={!member.enrolled} onClick={onReset}>
          {t('members.reset')}
        </Button>
      </form>
    </li>
  );
}

function ResetDialog({ member, onClose }: { member: StaffMember | null; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const reset = useResetStaffSecondFactor();
  const name = member ? nameOf(member, t('audit.unnamedStaff')) : '';
  const confirm = () => {
    if (!member) return;
    reset.mutate(member.userId, {
      onSuccess: () => {
        toast({ color: 'success', title: t('members.resetDone', { name }), timeout: 4000 });
        onClose();
      },
      onError: (error) => toast({ color: 'error', ...describeError(error, tDefault) }),
    });
  };
  return (
    <Dialog
      open={member !== null}
      onClose={onClose}
      title={t('members.resetTitle', { name })}
      description={t('members.resetText', { name })}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button variant="destructive" loading={reset.isPending} onClick={confirm}>
            {t('members.resetConfirm')}
          </Button>
        </>
      }
    />
  );
}
