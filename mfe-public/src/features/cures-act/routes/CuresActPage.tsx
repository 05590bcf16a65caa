import { Link } from 'react-router';
import { buttonClassName, Container } from '@healthlink/web-ui';
import { usePageTitle, useSiteInfo } from '@healthlink/web-runtime';
import { FlipCard } from '../components/FlipCard';
import './cures-act.css';

export const KEY_POINTS = [
  {
    title: 'Breakthrough Design',
    summary: 'A faster review for medical devices that could change treatment.',
    details:
      'The Act created the Breakthrough Devices Program: devices that offer a real advance for life-threatening or seriously debilitating conditions get priority review and closer guidance from the FDA.',
  },
  {
    title: 'Trials and Evidence',
    summary: 'New kinds of evidence can support approvals.',
    details:
      'The FDA may consider real-world evidence, such as data from everyday care, and modern trial designs like adaptive trials, alongside traditional clinical studies.',
  },
  {
    title: 'Patient Perspective',
    summary: 'What patients live with counts in drug reviews.',
    details:
      "Patient experience data (how a disease and its treatment affect people's daily lives) is now part of how new drugs are developed and reviewed.",
  },
  {
    title: 'Streamlined Pathway',
    summary: 'Quicker routes for urgent new treatments.',
    details:
      'Programs such as the Regenerative Medicine Advanced Therapy designation and a limited-population pathway for new antibiotics help promising treatments reach patients sooner.',
  },
  {
    title: 'Patient Preferences',
    summary: 'The trade-offs patients accept are heard.',
    details:
      'Information about which benefits and risks patients are willing to accept can be taken into account when the FDA reviews devices and drugs.',
  },
  {
    title: 'Innovation Fund',
    summary: 'Billions for research that reaches patients.',
    details:
      'The Act set aside about $4.8 billion for the National Institutes of Health, for projects such as precision medicine, the BRAIN Initiative and the Cancer Moonshot, and $500 million for the FDA.',
  },
  {
    title: 'Scientific Collaboration',
    summary: 'Researchers share more and work together.',
    details:
      'The Act encourages sharing of research data, supports early-career scientists and reduces paperwork, so discoveries move faster from the lab to the clinic.',
  },
  {
    title: 'Data and Sharing',
    summary: 'Your health information, in your hands.',
    details:
      'The Act bans information blocking and calls for secure, standard ways to share records. Under the rules that followed, health plans must let you get your claims and clinical data through an app you choose.',
  },
] as const;

export function CuresActPage() {
  usePageTitle('The 21st Century Cures Act');
  const { productName } = useSiteInfo();

  return (
    <Container className="page cures-act">
      <h1>The 21st Century Cures Act</h1>
      <p className="cures-act__lead">
        The law that gives you the right to your own health information, and the reason {productName} can bring your records together for
        you.
      </p>

      <div className="cures-act__overview">
        <section aria-labelledby="cures-overview">
          <h2 id="cures-overview">Overview</h2>
          <p>
            The 21st Century Cures Act became law on December 13, 2016, with support from both parties. It aims to speed up the discovery
            and delivery of new treatments, fund medical research, and give patients easy, secure access to their own electronic health
            information.
          </p>
        </section>
        <section aria-labelledby="cures-implications">
          <h2 id="cures-implications">Implications</h2>
          <p>
            Under the rules that followed the Act, Medicare, Medicaid and many other health plans must offer a standard, secure way for you
            to get your claims, prescriptions and diagnoses. You decide which apps may receive them, and it costs you nothing. Your records
            can follow you, not the other way around.
          </p>
        </section>
        <section aria-labelledby="cures-security">
          <h2 id="cures-security">Security</h2>
          <p>
            You always sign in on your insurer's own website and approve exactly what is shared; {productName} never sees or stores your
            insurer password, and you can withdraw the permission at any time. Apps you choose are not covered by HIPAA, so choose
            carefully: we never sell or share your data.
          </p>
        </section>
      </div>

      <section aria-labelledby="cures-key-points" className="cures-act__points">
        <h2 id="cures-key-points">Key Points of Interest</h2>
        <p>Select a card to turn it over.</p>
        <ul className="flip-cards">
          {KEY_POINTS.map((point) => (
            <FlipCard key={point.title} {...point} />
          ))}
        </ul>
      </section>

      <p>
        <Link to="/register" className={buttonClassName('primary')}>
          Get your records
        </Link>
      </p>
    </Container>
  );
}
