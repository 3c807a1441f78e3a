import { KeyRound, LogOut, ShieldAlert, ShieldCheck, UserX } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';

const tips = [
  {
    icon: KeyRound,
    text: 'Use a strong password that you do not use anywhere else. A longer passphrase is easier to remember and harder to guess.',
  },
  { icon: UserX, text: 'Never share your password. Parallax staff will never ask you for it.' },
  { icon: LogOut, text: 'Changing your password signs you out on all your other devices.' },
];

export function SecurityTips() {
  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldCheck className="size-5 text-primary" aria-hidden />
          Security Tips
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3 text-sm text-muted-foreground">
          {tips.map(({ icon: Icon, text }) => (
            <li key={text} className="flex gap-3">
              <Icon className="mt-0.5 size-4 shrink-0 text-foreground/70" aria-hidden />
              <span>{text}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function AdminNotice() {
  return (
    <Card className="border-amber-300 bg-amber-50 text-amber-950">
      <CardHeader className="pb-3">
        <CardTitle className="flex items-center gap-2 text-base">
          <ShieldAlert className="size-5 text-amber-600" aria-hidden />
          Administrator Account
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2 text-sm">
        <p>This account has elevated access to the Parallax administration tools.</p>
        <p>Protect it with a strong password used nowhere else, and always sign out when you use a shared device.</p>
      </CardContent>
    </Card>
  );
}
