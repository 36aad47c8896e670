import { MessagesList } from '../../features/accounts/messages-list';

/** Messages (/home/Messages). */
export default function MessagesRoute() {
  return <MessagesList />;
}
