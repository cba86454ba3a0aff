import type { Metadata } from 'next';
import { ChatAcrossDocuments } from '../../../components/dashboard/ChatAcrossDocuments.tsx';

export const metadata: Metadata = { title: 'Ask your documents' };

export default function ChatPage() {
  return (
    <>
      <h1>Ask your documents</h1>
      <p className="lede">Questions answered from the documents you choose, each answer citing the pages it comes from.</p>
      <ChatAcrossDocuments />
    </>
  );
}
