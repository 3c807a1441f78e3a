export function ProfilePage() {
  return <div className="p-8">TODO ProfilePage</div>;
}
