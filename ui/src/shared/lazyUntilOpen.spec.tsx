import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lazyOnDemand } from './lazyUntilOpen';

function Greeting({ name }: { name: string }) {
  return <p data-testid="greeting">{name}</p>;
}

describe('lazyOnDemand', () => {
  it('shows nothing while its code loads, then the component with the props it was given', async () => {
    let arrive: (module: { default: typeof Greeting }) => void = () => {};
    const OnDemand = lazyOnDemand(() => new Promise<{ default: typeof Greeting }>((resolve) => (arrive = resolve)));
    const { container } = render(
      <div data-testid="host">
        <OnDemand name="Ana" />
      </div>,
    );
    expect(screen.getByTestId('host')).toBeEmptyDOMElement();
    arrive({ default: Greeting });
    expect(await screen.findByTestId('greeting')).toHaveTextContent('Ana');
    expect(container.querySelectorAll('p')).toHaveLength(1);
  });
});
