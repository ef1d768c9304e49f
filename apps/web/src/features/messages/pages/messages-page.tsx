import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { MessagesLayout } from '../components/messages-layout';

/** `/messages`: the conversation list (and, on a desktop, an empty chat pane). */
export function MessagesPage() {
  const { t } = useTranslation('messages');
  useDocumentTitle(t('title'));
  return <MessagesLayout />;
}
