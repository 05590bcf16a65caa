/** Five insurers and programs we connect to, each drawn as our own monogram (no trademarked artwork). */
export const PARTNERS = [
  { name: 'Medicare Blue Button 2.0', monogram: 'MB', color: '#0a58a8' },
  { name: 'UnitedHealthcare', monogram: 'UH', color: '#073f7a' },
  { name: 'Aetna', monogram: 'AE', color: '#6b2c91' },
  { name: 'Humana', monogram: 'HU', color: '#1e6b34' },
  { name: 'Cigna Healthcare', monogram: 'CI', color: '#8a3b00' },
] as const;

export function PartnerLogos() {
  return (
    <ul className="partner-logos">
      {PARTNERS.map((partner) => (
        <li key={partner.name} className="partner-logos__item">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 64 64" width="64" height="64">
            <rect width="64" height="64" rx="16" fill={partner.color} />
            <text x="32" y="41" textAnchor="middle" fontSize="24" fontWeight="800" fill="#fff" fontFamily="system-ui, sans-serif">
              {partner.monogram}
            </text>
          </svg>
          <span>{partner.name}</span>
        </li>
      ))}
    </ul>
  );
}
