import type { CurrentUser } from '@marco/contract/auth';
import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useToast } from '@/components/ui/use-toast';
import { describedBy, FormField } from '@/features/auth/components/form-field';
import { PasswordInput } from '@/features/auth/components/password-input';
import { useSignOut, whileEndingOwnSession } from '@/features/auth/hooks/use-sign-out';
import { serverFieldIssues, translateValidation } from '@/features/auth/utils/field-errors';
import { describeError } from '@/lib/describe-error';
import { useDeleteAccount } from '../api/delete-account';

/** Irreversible: a warning, the password (when the account has one), then sign-out. */
export function DeleteAccount({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const signOut = useSignOut();
  const deleteAccount = useDeleteAccount();
  const [isOpen, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const formId = 'delete-account-form';

  const close = () => {
    setOpen(false);
    setPassword('');
    setError(undefined);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (user.hasPassword && password === '') {
      setError(translateValidation(tAuth, 'Password is required'));
      return;
    }
    try {
      await whileEndingOwnSession(() => deleteAccount.mutateAsync(user.hasPassword ? { password } : {}));
      setOpen(false);
      await signOut({ reason: 'deleted' });
    } catch (deleteError) {
      const issue = serverFieldIssues(deleteError).find((item) => item.field === 'password');
      if (issue) setError(translateValidation(tAuth, issue.message));
      else toast({ color: 'error', ...describeError(deleteError, tDefault) });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="flex gap-3 text-sm leading-relaxed text-neutral-700">
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-error-600" />
        {t('deleteAccount.warning')}
      </p>
      <div className="flex justify-end">
        <Button variant="delete" onClick={() => setOpen(true)} className="w-full sm:w-auto">
          {t('deleteAccount.open')}
        </Button>
      </div>
      <Dialog
        open={isOpen}
        onClose={close}
        title={t('deleteAccount.dialogTitle')}
        description={t('deleteAccount.dialogDescription')}
        footer={
          <>
            <Button variant="outline" onClick={close}>
              {t('deleteAccount.cancel')}
            </Button>
            <Button type="submit" form={formId} variant="destructive" loading={deleteAccount.isPending}>
              {t('deleteAccount.confirm')}
            </Button>
          </>
        }
      >
        <form id={formId} noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm leading-relaxed text-neutral-700">{t('deleteAccount.warning')}</p>
          {user.hasPassword ? (
            <FormField id="delete-password" label={t('deleteAccount.password')} error={error}>
              <PasswordInput
                id="delete-password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy('delete-password', { error })}
              />
            </FormField>
          ) : null}
        </form>
      </Dialog>
    </div>
  );
}
