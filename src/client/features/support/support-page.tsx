export function SupportPage() {
  return <div className="p-8">TODO SupportPage</div>;
}
