export function VerifyEmailPage() {
  return <div className="p-8">TODO VerifyEmailPage</div>;
}
