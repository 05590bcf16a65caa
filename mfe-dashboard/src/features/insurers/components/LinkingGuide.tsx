const STEPS = [
  { title: 'Pick your insurer', text: 'Search for your health insurance company below and select it.' },
  {
    title: 'Log in with your insurance card ready',
    text: "You log in on your insurer's own website. Have your member card at hand in case you need to create an online account there. We never see your password.",
  },
  {
    title: 'Wait while we gather your data',
    text: 'Allow up to about 60 seconds; it usually takes only a few. Please keep the page open until you reach your dashboard.',
  },
] as const;

/** Spec part 2 §2: the 3-step guide. */
export function LinkingGuide() {
  return (
    <section className="insurer-guide" aria-labelledby="insurer-guide-heading">
      <h2 id="insurer-guide-heading">How linking works</h2>
      <ol className="insurer-guide__steps">
        {STEPS.map((step) => (
          <li key={step.title} className="insurer-guide__step">
            <h3>{step.title}</h3>
            <p>{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
