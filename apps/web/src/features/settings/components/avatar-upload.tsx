import { PROFILE_PICTURE_MAX_BYTES, PROFILE_PICTURE_TYPES } from '@marco/contract/accounts';
import type { CurrentUser } from '@marco/contract/auth';
import { Camera } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/components/ui/button-variants';
import { FieldError } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/use-toast';
import { UserAvatar } from '@/features/auth/components/user-avatar';
import { isApiError } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { describeError } from '@/lib/describe-error';
import { useSetProfilePicture } from '../api/set-profile-picture';

const isAllowedType = (type: string) => (PROFILE_PICTURE_TYPES as readonly string[]).includes(type);

/**
 * The profile photo: checked here first (spec §5: at most 5MB; JPEG, PNG, GIF or WebP),
 * shown as a preview while it uploads; the server checks the bytes again.
 */
export function AvatarUpload({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('settings');
  const { t: tAuth } = useTranslation('auth');
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const inputId = useId();
  const upload = useSetProfilePicture();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again should upload again.
    event.target.value = '';
    if (!file) return;
    setError(null);
    if (!isAllowedType(file.type)) {
      setError(tAuth('validation.imageInvalid'));
      return;
    }
    if (file.size > PROFILE_PICTURE_MAX_BYTES) {
      setError(tAuth('validation.imageTooLarge'));
      return;
    }
    setPreview(URL.createObjectURL(file));
    upload.mutate(file, {
      onSuccess: () => toast({ color: 'success', title: t('profile.photoSaved') }),
      onError: (uploadError) => {
        if (isApiError(uploadError) && uploadError.code === 'IMAGE_TOO_LARGE')
          setError(tAuth('validation.imageTooLarge'));
        else if (isApiError(uploadError) && uploadError.code === 'INVALID_IMAGE_FORMAT')
          setError(tAuth('validation.imageInvalid'));
        else toast({ color: 'error', ...describeError(uploadError, tDefault) });
      },
      onSettled: () => setPreview(null),
    });
  };

  return (
    <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-center sm:gap-6">
      <div className="relative">
        <UserAvatar user={user} src={preview} size="lg" className={cn(upload.isPending && 'opacity-60')} />
        {upload.isPending ? (
          <span className="absolute inset-0 flex items-center justify-center text-brand-800">
            <Spinner label={t('profile.photoUploading')} />
          </span>
        ) : null}
      </div>
      <div className="flex flex-col items-center gap-2 sm:items-start">
        <input
          id={inputId}
          type="file"
          accept={PROFILE_PICTURE_TYPES.join(',')}
          onChange={onChange}
          disabled={upload.isPending}
          aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 peer-disabled:pointer-events-none peer-disabled:opacity-60',
          )}
        >
          <Camera aria-hidden="true" />
          {t('profile.choosePhoto')}
        </label>
        <p id={`${inputId}-hint`} className="text-center text-sm text-neutral-500 sm:text-start">
          {t('profile.photoHint')}
        </p>
        {error ? (
          <FieldError id={`${inputId}-error`} className="mt-0">
            {error}
          </FieldError>
        ) : null}
      </div>
    </div>
  );
}
