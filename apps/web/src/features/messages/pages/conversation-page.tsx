import { useParams } from 'react-router';
import { ChatView } from '../components/chat-view';
import { MessagesLayout } from '../components/messages-layout';

/** `/messages/{id}`: one conversation (the route guarantees a non-blank id, spec §5). */
export function ConversationPage() {
  const { id = '' } = useParams();
  return (
    <MessagesLayout activeId={id}>
      <ChatView key={id} conversationId={id} />
    </MessagesLayout>
  );
}
