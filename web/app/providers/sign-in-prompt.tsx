import { createContext, lazy, Suspense, use, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';

const SignInPromptDialog = lazy(() =>
  import('./sign-in-prompt-dialog').then((m) => ({ default: m.SignInPromptDialog })),
);

/** What /auth receives as navigation state when the prompt sends someone there. */
export type AuthNavigationState = { action?: string; message?: string };

/**
 * What the dialog says: an action completes the sentence "You need to be signed in to {action}."
 * (for example 'view business idea details'); `{ message }` is an area's own whole sentence, shown
 * as written (business pages: 'Please login to like posts'), never put inside that sentence.
 */
export type SignInAsk = string | { message: string };

type SignInPromptContextValue = {
  /** Asks a visitor to sign in before doing something (see SignInAsk for what it says). */
  prompt: (ask: SignInAsk) => void;
};

const SignInPromptContext = createContext<SignInPromptContextValue | null>(null);

/**
 * Provides `useSignInPrompt()` and owns the one "Sign in required" dialog; its Sign in button
 * opens /auth with `state: { action }`.
 */
export function SignInPromptProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [ask, setAsk] = useState<SignInAsk | null>(null);
  const [isOpen, setIsOpen] = useState(false);

  const prompt = useCallback((next: SignInAsk) => {
    setAsk(next);
    setIsOpen(true);
  }, []);

  const goToAuth = (tab: 'login' | 'signup') => {
    setIsOpen(false);
    const state: AuthNavigationState =
      typeof ask === 'string' ? { action: ask } : { message: ask?.message ?? undefined };
    void navigate(tab === 'signup' ? '/auth?tab=signup' : '/auth', { state });
  };

  const value = useMemo(() => ({ prompt }), [prompt]);

  return (
    <SignInPromptContext value={value}>
      {children}
      {/* Mounted from the first prompt on (not before), then kept for its closing animation. */}
      {ask !== null ? (
        <Suspense fallback={null}>
          <SignInPromptDialog
            open={isOpen}
            onOpenChange={setIsOpen}
            ask={ask}
            onSignIn={() => goToAuth('login')}
            onCreateAccount={() => goToAuth('signup')}
          />
        </Suspense>
      ) : null}
    </SignInPromptContext>
  );
}

/** `const { prompt } = useSignInPrompt(); if (!viewer) return prompt('contact the founder');` */
export function useSignInPrompt(): SignInPromptContextValue {
  const context = use(SignInPromptContext);
  if (!context) throw new Error('useSignInPrompt must be used inside <SignInPromptProvider>');
  return context;
}
