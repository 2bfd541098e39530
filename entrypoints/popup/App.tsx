export function App() {
  return <main>Marketside popup</main>;
}
