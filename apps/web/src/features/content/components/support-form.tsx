import {
  SUPPORT_MESSAGE_MAX,
  SUPPORT_MESSAGE_MIN,
  SUPPORT_TOPICS,
  type SupportContact,
  SupportContactSchema,
  type SupportTopic,
} from '@marco/contract/support';
import { Send } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { FieldError, Input, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { useUser } from '@/features/auth/hooks/use-user';
import { LocalizedLink } from '@/i18n/localized-link';
import { isApiError } from '@/lib/api-client';
import { describeError } from '@/lib/describe-error';
import { useSendSupportMessage } from '../api/send-support-message';

type Field = 'topic' | 'message' | 'email';
type FieldErrors = Partial<Record<Field, string>>;
type Values = { topic: SupportTopic | ''; message: string; email: string };

const FIELDS: readonly Field[] = ['topic', 'message', 'email'];

function isField(value: unknown): value is Field {
  return typeof value === 'string' && (FIELDS as readonly string[]).includes(value);
}

/** Field errors the server names in `details.issues` (`body.email` → email). */
function serverFieldErrors(error: unknown): Field[] {
  if (!isApiError(error)) return [];
  const issues = (error.details as { issues?: Array<{ path?: unknown }> } | undefined)?.issues ?? [];
  return issues
    .map((issue) =>
      String(issue.path ?? '')
        .split('.')
        .at(-1),
    )
    .filter(isField);
}

type SupportFormProps = {
  /** The address to start with; by default a signed-in member's own. */
  defaultEmail?: string;
  defaultTopic?: SupportTopic;
};

/** The contact form (topic, message, e-mail); it never claims success the server did not give. */
export function SupportForm({ defaultEmail = '', defaultTopic }: SupportFormProps) {
  const { t } = useTranslation('content');
  // Error titles come from the `errors` catalog through the default namespace's t.
  const { t: tDefault } = useTranslation();
  const { toast } = useToast();
  const location = useLocation();
  const send = useSendSupportMessage();
  const { user } = useUser();
  const startEmail = defaultEmail || user?.email || '';
  const ids = { topic: useId(), message: useId(), email: useId(), counter: useId(), privacy: useId() };
  const [values, setValues] = useState<Values>({ topic: defaultTopic ?? '', message: '', email: startEmail });

  // The session may answer after the first render: prefill then, unless something was typed.
  useEffect(() => {
    if (startEmail) setValues((current) => (current.email ? current : { ...current, email: startEmail }));
  }, [startEmail]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [wasSubmitted, setWasSubmitted] = useState(false);

  const messages: Record<Field, string> = {
    topic: t('support.errors.topicRequired'),
    message:
      values.message.trim().length > SUPPORT_MESSAGE_MAX
        ? t('support.errors.messageTooLong', { max: SUPPORT_MESSAGE_MAX })
        : t('support.errors.messageTooShort', { min: SUPPORT_MESSAGE_MIN }),
    email: t('support.errors.emailInvalid'),
  };

  const validate = (next: Values): { data: SupportContact | null; errors: FieldErrors } => {
    const result = SupportContactSchema.safeParse({
      topic: next.topic || undefined,
      message: next.message,
      email: next.email.trim(),
      page: `${location.pathname}${location.search}${location.hash}`,
    });
    if (result.success) return { data: result.data, errors: {} };
    const found: FieldErrors = {};
    for (const issue of result.error.issues) {
      const field = issue.path[0];
      if (isField(field)) found[field] = messages[field];
    }
    return { data: null, errors: found };
  };

  const update = (field: Field, value: string) => {
    const next = { ...values, [field]: value } as Values;
    setValues(next);
    // After a first attempt, errors follow the typing.
    if (wasSubmitted) setErrors(validate(next).errors);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setWasSubmitted(true);
    const { data, errors: found } = validate(values);
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((field) => found[field]);
      if (first) document.getElementById(ids[first])?.focus();
      return;
    }
    send.mutate(data, {
      onSuccess: () => {
        toast({
          color: 'success',
          title: t('support.sentTitle'),
          description: t('support.sentText', { email: data.email }),
        });
        setValues({ topic: defaultTopic ?? '', message: '', email: startEmail });
        setWasSubmitted(false);
        setErrors({});
      },
      onError: (error) => {
        toast({ color: 'error', ...describeError(error, tDefault) });
        const fields = serverFieldErrors(error);
        if (fields.length > 0) setErrors(Object.fromEntries(fields.map((field) => [field, messages[field]])));
      },
    });
  };

  const describedBy = (field: Field, ...extra: string[]) =>
    [errors[field] ? `${ids[field]}-error` : null, ...extra].filter(Boolean).join(' ') || undefined;
  const length = values.message.trim().length;

  return (
    <form noValidate onSubmit={onSubmit} aria-describedby={ids.privacy} className="flex flex-col gap-5">
      <div>
        <Label htmlFor={ids.topic}>{t('support.topicLabel')}</Label>
        <Select
          id={ids.topic}
          name="topic"
          value={values.topic}
          required
          aria-invalid={errors.topic ? true : undefined}
          aria-describedby={describedBy('topic')}
          onChange={(event) => update('topic', event.target.value)}
        >
          <option value="" disabled>
            {t('support.topicPlaceholder')}
          </option>
          {SUPPORT_TOPICS.map((topic) => (
            <option key={topic} value={topic}>
              {t(`support.topics.${topic}`)}
            </option>
          ))}
        </Select>
        {errors.topic ? <FieldError id={`${ids.topic}-error`}>{errors.topic}</FieldError> : null}
      </div>
      <div>
        <Label htmlFor={ids.message}>{t('support.messageLabel')}</Label>
        <Textarea
          id={ids.message}
          name="message"
          rows={6}
          required
          maxLength={SUPPORT_MESSAGE_MAX}
          value={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy('message', ids.counter)}
          onChange={(event) => update('message', event.target.value)}
        />
        <div className="mt-1.5 flex items-start justify-between gap-4">
          {errors.message ? (
            <FieldError id={`${ids.message}-error`} className="mt-0">
              {errors.message}
            </FieldError>
          ) : (
            <p className="text-sm text-neutral-500">{t('support.messageHint', { min: SUPPORT_MESSAGE_MIN })}</p>
          )}
          <p id={ids.counter} className="shrink-0 text-sm tabular-nums text-neutral-500">
            {t('support.messageCount', { current: length, max: SUPPORT_MESSAGE_MAX })}
          </p>
        </div>
      </div>
      <div>
        <Label htmlFor={ids.email}>{t('support.emailLabel')}</Label>
        <Input
          id={ids.email}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={values.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy('email')}
          onChange={(event) => update('email', event.target.value)}
        />
        {errors.email ? <FieldError id={`${ids.email}-error`}>{errors.email}</FieldError> : null}
      </div>
      <p id={ids.privacy} className="text-sm text-neutral-600">
        {t('support.privacyNote')}{' '}
        <LocalizedLink to="/agreements#privacy" className="font-medium text-brand-700 underline underline-offset-2">
          {t('support.privacyLink')}
        </LocalizedLink>
      </p>
      <div>
        <Button type="submit" loading={send.isPending}>
          <Send aria-hidden="true" className="rtl:-scale-x-100" />
          {t('support.submit')}
        </Button>
      </div>
    </form>
  );
}
