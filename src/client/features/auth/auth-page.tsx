export function AuthPage() {
  return <div className="p-8">TODO AuthPage</div>;
}
