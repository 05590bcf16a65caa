import { Link } from 'react-router';
import { SavingsTexts } from '../lib/savings-texts';

// The other staff tools (part 1's route table), by the titles their pages show.
const DEBUG_LINKS = [
  { to: '/errors', label: 'Error Logs Query' },
  { to: '/ndcProducts', label: 'NDC Products Query' },
  { to: '/ndcPackages', label: 'NDC Packages Query' },
  { to: '/debug/insurerUptimeCheck', label: 'Insurer Uptime Check' },
  { to: '/open-ai', label: 'AI Test Tools' },
] as const;

export function DebugLinks() {
  return (
    <nav className="debug-links" aria-label={SavingsTexts.otherPages}>
      <h2>{SavingsTexts.otherPages}</h2>
      <ul>
        {DEBUG_LINKS.map(({ to, label }) => (
          <li key={to}>
            <Link to={to}>{label}</Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
