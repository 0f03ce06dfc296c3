import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';

const ChatDialog = lazy(() => import('./chat-dialog').then((m) => ({ default: m.ChatDialog })));

type ChatContextValue = {
  /** Opens the chat dialog with `partnerId` (profiles' Message button, dropdowns, inquiries). */
  openChat: (partnerId: string) => void;
  closeChat: () => void;
};

type ChatState = { partnerId: string | null; isOpen: boolean };

const ChatContext = createContext<ChatContextValue | null>(null);
const ChatStateContext = createContext<ChatState & { setOpen: (open: boolean) => void }>({
  partnerId: null,
  isOpen: false,
  setOpen: () => {},
});

/** Owns the one chat dialog of the layout; `useChat()` opens it from anywhere below. */
export function ChatProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<ChatState>({ partnerId: null, isOpen: false });

  const openChat = useCallback((partnerId: string) => setState({ partnerId, isOpen: true }), []);
  const closeChat = useCallback(() => setState((s) => ({ ...s, isOpen: false })), []);
  const setOpen = useCallback((open: boolean) => setState((s) => ({ ...s, isOpen: open })), []);

  const value = useMemo(() => ({ openChat, closeChat }), [openChat, closeChat]);
  const stateValue = useMemo(() => ({ ...state, setOpen }), [state, setOpen]);

  return (
    <ChatContext value={value}>
      <ChatStateContext value={stateValue}>{children}</ChatStateContext>
    </ChatContext>
  );
}

/**
 * Where the dialog mounts (the layout's chat slot). Its code loads on the first openChat and
 * stays mounted afterwards so it can animate closed.
 */
export function ChatDialogSlot() {
  const { partnerId, isOpen, setOpen } = use(ChatStateContext);
  if (partnerId === null) return null;
  return (
    <Suspense fallback={null}>
      <ChatDialog partnerId={partnerId} open={isOpen} onOpenChange={setOpen} />
    </Suspense>
  );
}

/** `const { openChat } = useChat(); openChat(profile.id);` */
export function useChat(): ChatContextValue {
  const context = use(ChatContext);
  if (!context) throw new Error('useChat must be used inside <ChatProvider>');
  return context;
}
