export function ForgotPasswordPage() {
  return <div className="p-8">TODO ForgotPasswordPage</div>;
}
