import { adminToastMessages } from '../../../../common/admin-messages';
import { toast } from '../../../components/ui/toast-store';

/** Copies to the clipboard and says so ('Copied!'); a browser that refuses says that instead. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast({ variant: 'success', title: adminToastMessages.copied });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy', description: 'Select the text and copy it by hand.' });
  }
}
