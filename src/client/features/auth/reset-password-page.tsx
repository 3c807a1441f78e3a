export function ResetPasswordPage() {
  return <div className="p-8">TODO ResetPasswordPage</div>;
}
