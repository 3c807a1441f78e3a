import type { QueryClient } from '@tanstack/react-query';
import type { SavedQuery } from '../../../common/query-schemas';
import { queryMessages } from '../../../common/query-messages';
import { toast } from '../../components/ui/toast-store';
import { deleteQuestion, restoreQuestion } from '../../api/history-changes';
import { historyLaterTexts } from './history-later-texts';

// Deleting one question from the Session History, with the toast's Undo (docs/product.md, "History and query
// detail"). session-history.tsx loads this with the first delete, so Home's first paint does not.

/** How long the Undo stays on screen. */
const UNDO_TOAST_MS = 8000;

export async function deleteWithUndo(queryClient: QueryClient, sessionId: string, query: SavedQuery): Promise<void> {
  try {
    await deleteQuestion(queryClient, sessionId, query);
  } catch {
    toast({ variant: 'destructive', title: queryMessages.deleteQuestionFailed });
    return;
  }
  toast({
    title: queryMessages.questionDeleted,
    duration: UNDO_TOAST_MS,
    action: {
      label: historyLaterTexts.undo,
      onClick: () =>
        void restoreQuestion(queryClient, sessionId, query).catch(() =>
          toast({ variant: 'destructive', title: queryMessages.restoreQuestionFailed }),
        ),
    },
  });
}
