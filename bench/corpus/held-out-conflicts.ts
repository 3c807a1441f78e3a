// Held-out conflict cases (comparison issue, item 6): answer sets written without looking at the
// analyser, each with one or two planted factual disagreements and every other fact stated alike.
// The right side of each conflict is a real fact; the wrong side is the planted error. Values are
// quoted exactly as each answer writes them (see PlantedConflict in ./held-out-corpus.ts).

import { answersOf, type HeldOutCase } from './held-out-corpus';

export const heldOutConflictCases: HeldOutCase[] = [
  {
    name: 'd-day-date-bare-fragment',
    question: 'What was the date of D-Day?',
    answers: answersOf({
      chatgpt: `6 June 1944.`,
      grok: `**D-Day was June 6, 1944.**

That morning, Allied forces landed on five beaches along the Normandy coast — Utah, Omaha, Gold, Juno and Sword — as part of Operation Overlord, the largest seaborne invasion in history. The landings had originally been scheduled for a day earlier but were postponed by 24 hours because of bad weather in the Channel.`,
      gemini: `D-Day took place on **June 5, 1944**, when American, British and Canadian troops came ashore in Normandy, France. It marked the start of the campaign to liberate Western Europe from German occupation.

Key facts:
- **Operation:** Overlord (the assault phase was code-named Neptune)
- **Supreme Allied Commander:** General Dwight D. Eisenhower
- **Beaches:** Utah, Omaha, Gold, Juno and Sword`,
    }),
    conflicts: [{ kind: 'date', values: { chatgpt: '6 June 1944', grok: 'June 6, 1944', gemini: 'June 5, 1944' } }],
  },
  {
    name: 'berlin-wall-fell-came-down',
    question: 'When did the Berlin Wall fall?',
    answers: answersOf({
      claude: `The Berlin Wall fell on **9 November 1989**. That evening, East German spokesman Günter Schabowski mistakenly announced at a press conference that new travel rules took effect "immediately," and crowds gathered at the border crossings until the guards opened the gates. Physical demolition of the wall continued over the following months.`,
      perplexity: `The wall came down on the night of **9 November 1990**, after standing for more than 28 years. East Berliners streamed through the checkpoints — Bornholmer Straße was the first to open — and people began chipping pieces off the concrete as souvenirs.

- **Built:** August 1961
- **Length:** roughly 155 km around West Berlin`,
    }),
    conflicts: [{ kind: 'date', values: { claude: '9 November 1989', perplexity: '9 November 1990' } }],
  },
  {
    name: 'alaska-bought-paid',
    question: 'How much did the US pay for Alaska?',
    answers: answersOf({
      chatgpt: `The United States **bought Alaska from the Russian Empire in 1867 for $7.2 million** — roughly 2 cents per acre. The deal was negotiated by Secretary of State William H. Seward, and critics at the time mocked it as "Seward's Folly." Adjusted for inflation, that's still well over $100 million in today's money, but a bargain given the land's later value.`,
      deepseek: `**$7.2 million.**

The treaty was signed on March 30, 1867, and the US Senate ratified it shortly afterwards. The formal transfer ceremony took place in Sitka on October 18, 1867, which Alaskans still celebrate as Alaska Day.`,
      llama: `The U.S. paid Russia **$15 million** for Alaska in 1867. Secretary of State William Seward arranged the purchase, which many Americans ridiculed at the time as "Seward's Icebox" or "Seward's Folly." The gold rush at Nome and, much later, the discovery of oil at Prudhoe Bay showed that the purchase was a very good deal.`,
    }),
    conflicts: [
      { kind: 'currency', values: { chatgpt: '$7.2 million', deepseek: '$7.2 million', llama: '$15 million' } },
    ],
  },
  {
    name: 'south-africa-republic-since',
    question: 'When did South Africa become a republic?',
    answers: answersOf({
      chatgpt: `South Africa has been a republic **since 1961**. White voters approved the change in a referendum held in October 1960, and the Republic of South Africa was proclaimed the following year, at which point the country also left the Commonwealth. (It rejoined the Commonwealth in 1994, after the end of apartheid.)`,
      grok: `**31 May 1961.** On that date the Union of South Africa became the Republic of South Africa, and Charles Robberts Swart was sworn in as the first State President.`,
      gemini: `South Africa became a republic in **1960**, following a referendum among white voters. The change ended its status as a dominion with the British monarch as head of state, and Charles Robberts Swart became the first State President.`,
    }),
    conflicts: [{ kind: 'year', values: { chatgpt: 'since 1961', grok: '31 May 1961', gemini: '1960' } }],
  },
  {
    name: 'liquid-nitrogen-kelvin-right-celsius-wrong',
    question: 'What temperature does liquid nitrogen boil at?',
    answers: answersOf({
      claude: `Liquid nitrogen boils at **−196 °C** (77 K, or about −320 °F) at normal atmospheric pressure. That's why it's stored in insulated Dewar flasks, and why it boils off so vigorously when it's poured out at room temperature.`,
      chatgpt: `At 1 atmosphere, nitrogen boils at **77 K**, which works out to about **−186 °C**. Anything warmer than that and it turns back into gas, which is why it fizzes so dramatically when it touches a surface at room temperature.`,
      deepseek: `Boiling point of nitrogen (N₂) at standard atmospheric pressure:

| Scale | Value |
|---|---|
| Kelvin | 77 K |
| Celsius | −195.8 °C |
| Fahrenheit | −320.4 °F |`,
    }),
    conflicts: [{ kind: 'quantity', values: { claude: '−196 °C', chatgpt: '−186 °C', deepseek: '−195.8 °C' } }],
  },
  {
    name: 'first-moonwalk-wrong-person-right-one-in-another-role',
    question: 'Who was the first person to walk on the Moon?',
    answers: answersOf({
      perplexity: `**Neil Armstrong** was the first person to walk on the Moon, stepping onto the surface on July 20, 1969 (US time) during NASA's Apollo 11 mission. His words: "That's one small step for [a] man, one giant leap for mankind."

Buzz Aldrin followed him about 19 minutes later, while Michael Collins remained in lunar orbit aboard the command module *Columbia*.`,
      gemini: `Neil Armstrong, commander of Apollo 11, in July 1969.`,
      llama: `The first person to walk on the Moon was **Buzz Aldrin**, on July 20, 1969, during the Apollo 11 mission. The crew was completed by mission commander Neil Armstrong and command module pilot Michael Collins, who stayed in orbit aboard *Columbia* while the lunar module *Eagle* was on the surface.`,
    }),
    conflicts: [
      {
        kind: 'person',
        values: { perplexity: 'Neil Armstrong', gemini: 'Neil Armstrong', llama: 'Buzz Aldrin' },
      },
    ],
  },
  {
    name: 'mayflower-sailed-from',
    question: 'Where did the Mayflower sail from?',
    answers: answersOf({
      claude: `The Mayflower **sailed from Plymouth, England, on 6 September 1620** (Old Style). It had first set out from Southampton in August together with a second ship, the *Speedwell*, but the Speedwell leaked so badly that both ships put in at Dartmouth and then at Plymouth, where the Speedwell was finally abandoned. About 102 passengers made the crossing, reaching Cape Cod in November 1620.`,
      grok: `Final departure: **Plymouth**, in Devon, England — September 1620.

Before that there were two false starts (from Southampton and then Dartmouth) because its companion ship kept leaking.`,
      deepseek: `The Mayflower departed from **Portsmouth**, England, in September 1620, carrying around 102 passengers, among them the Pilgrims, to the New World. After a difficult voyage of roughly 66 days across the Atlantic, it anchored off Cape Cod in November 1620.`,
    }),
    conflicts: [{ kind: 'place', values: { claude: 'Plymouth', grok: 'Plymouth', deepseek: 'Portsmouth' } }],
  },
  {
    name: 'chopin-nationality-adjective-vs-country',
    question: 'What nationality was Chopin?',
    answers: answersOf({
      chatgpt: `Frédéric Chopin was **Polish**. He was born in 1810 in Żelazowa Wola, near Warsaw, to a Polish mother and a French father, and grew up in Warsaw. At 20 he left for Western Europe and spent the rest of his life in Paris, but he always identified with his homeland — his mazurkas and polonaises draw directly on Polish folk music.`,
      claude: `Chopin was born in Poland — in the village of Żelazowa Wola, in what was then the Duchy of Warsaw — in 1810, and he is regarded as the country's greatest composer. He settled in Paris in 1831 and died there in 1849.`,
      gemini: `Chopin was a **French** composer and virtuoso pianist of the Romantic era. Born in 1810, he spent most of his adult life in Paris, where he died in 1849 at the age of 39. He is best known for his solo piano works, including nocturnes, études, mazurkas and polonaises.`,
    }),
    conflicts: [{ kind: 'place', values: { chatgpt: 'Polish', claude: 'Poland', gemini: 'French' } }],
  },
  {
    name: 'finland-currency-lower-case',
    question: 'what currency did finland use before the euro',
    answers: answersOf({
      deepseek: `Before the euro, Finland used **the markka** (Swedish: *mark*; currency code FIM), which was divided into 100 *penniä*.

- **1 January 1999:** the euro was introduced for non-cash transactions.
- **1 January 2002:** euro notes and coins replaced the markka.

The conversion rate was fixed at 5.94573 markkaa to one euro.`,
      llama: `Finland used the Finnish markka until 2002, when euro banknotes and coins came into circulation.`,
      grok: `Finland's currency before the euro was **the krona**, which it used until euro cash arrived in 2002. The conversion rate was locked at about 5.95 to the euro.`,
    }),
    conflicts: [{ kind: 'currency', values: { deepseek: 'the markka', llama: 'Finnish markka', grok: 'the krona' } }],
  },
  {
    name: 'vitamin-c-disease-lower-case',
    question: 'what disease do you get from not enough vitamin C',
    answers: answersOf({
      chatgpt: `A serious, prolonged lack of vitamin C causes **scurvy**. Symptoms usually appear after one to three months of very low intake and include:

- fatigue and weakness
- swollen, bleeding gums and loosening teeth
- easy bruising and poor wound healing
- joint and muscle pain

It's rare today but still turns up in people with very restricted diets, and it responds quickly to vitamin C supplements.`,
      perplexity: `scurvy — historically common among sailors on long voyages without fresh fruit or vegetables.`,
      llama: `Not getting enough vitamin C leads to **rickets**. It was once common among sailors on long sea voyages, who went months without fresh produce, and it can be prevented by eating citrus fruits and other foods rich in vitamin C.`,
    }),
    conflicts: [{ kind: 'name', values: { chatgpt: 'scurvy', perplexity: 'scurvy', llama: 'rickets' } }],
  },
  {
    name: 'crust-element-lower-case',
    question: "Which element is the most abundant in the Earth's crust?",
    answers: answersOf({
      gemini: `**Oxygen** is the most abundant element in Earth's crust, making up about 46% of it by mass. It's almost all locked into silicate and oxide minerals rather than existing as a free gas.

The top five by mass:
1. oxygen (~46%)
2. silicon (~28%)
3. aluminium (~8%)
4. iron (~5%)
5. calcium (~4%)`,
      deepseek: `The most abundant element in Earth's crust is **silicon**, at roughly 28% by mass. It combines with other elements to form silicate minerals like quartz and feldspar, which make up most rocks.`,
    }),
    conflicts: [{ kind: 'name', values: { gemini: 'Oxygen', deepseek: 'silicon' } }],
  },
  {
    name: 'largest-cat-species-lower-case',
    question: "what's the biggest species of cat alive today?",
    answers: answersOf({
      claude: `The **tiger** (*Panthera tigris*) is the largest living cat species. Big males can weigh well over 250 kg (550 lb) and measure more than 3 m from nose to tail tip. Amur (Siberian) and Bengal tigers are the biggest of them. Lions come a close second.`,
      chatgpt: `It's the tiger. The Amur and Bengal tigers are the biggest, with the heaviest males outweighing even the largest lions.`,
      grok: `The **lion** is the largest living cat species; big males can weigh more than 250 kg (550 lb). Tigers are a close second, and the jaguar is the largest cat in the Americas.`,
    }),
    conflicts: [{ kind: 'name', values: { claude: 'tiger', chatgpt: 'tiger', grok: 'lion' } }],
  },
  {
    name: 'avogadro-scientific-notation',
    question: "What is Avogadro's number?",
    answers: answersOf({
      chatgpt: `Avogadro's number is **6.022 × 10^23** — the number of particles (atoms, molecules or ions) in one mole of a substance.

Since the 2019 redefinition of the SI units, the Avogadro constant is fixed exactly at 6.02214076 × 10^23 mol⁻¹.`,
      deepseek: `N_A ≈ 6.022e23 per mole (exactly 6.02214076e23 mol^-1 by definition since 2019).`,
      perplexity: `Avogadro's number is approximately **6.022 × 10^22**, the number of constituent particles in one mole of a substance. It is named after the Italian scientist Amedeo Avogadro and links the atomic scale to quantities we can weigh in the lab.`,
    }),
    conflicts: [
      {
        kind: 'quantity',
        values: { chatgpt: '6.022 × 10^23', deepseek: '6.022e23', perplexity: '6.022 × 10^22' },
      },
    ],
  },
  {
    name: 'veto-override-fraction-words',
    question: 'What majority does Congress need to override a veto?',
    answers: answersOf({
      claude: `Overriding a presidential veto takes a **two-thirds** vote in *both* the House and the Senate (two-thirds of the members present and voting, provided a quorum is present). If either chamber falls short, the veto stands. Overrides are rare, because the president usually has enough allies in at least one chamber to block them.`,
      gemini: `A two-thirds majority in each chamber, as set out in Article I, Section 7 of the Constitution.`,
      grok: `To override a veto, Congress needs **three-fifths** of each chamber to vote in favour, under Article I, Section 7 of the Constitution. Both the House and the Senate have to clear that bar separately; otherwise the bill dies.`,
    }),
    conflicts: [{ kind: 'percentage', values: { claude: 'two-thirds', gemini: 'two-thirds', grok: 'three-fifths' } }],
  },
  {
    name: 'asia-population-percent-vs-fraction',
    question: "What share of the world's population lives in Asia?",
    answers: answersOf({
      chatgpt: `Roughly **59%** of the world's people live in Asia — about 4.8 billion out of a global population of just over 8 billion. China and India alone account for more than a third of humanity.`,
      llama: `About three-fifths. Asia is home to around 4.8 billion people, far more than any other continent; Africa comes second with roughly 1.5 billion.`,
      gemini: `Asia is home to **about a third** of the world's population, which still makes it the most populous continent by a wide margin.

- **Largest countries:** India and China, each with more than 1.4 billion people
- **Fastest-growing region today:** Africa, not Asia`,
    }),
    conflicts: [{ kind: 'percentage', values: { chatgpt: '59%', llama: 'three-fifths', gemini: 'about a third' } }],
  },
  {
    name: 'teen-sleep-range-in-words',
    question: 'How many hours of sleep does a teenager need?',
    answers: answersOf({
      perplexity: `Teenagers aged 13–18 should get **8–10 hours** of sleep per 24 hours, according to the American Academy of Sleep Medicine (AASM), a recommendation the CDC also uses. Many teens get far less: their body clocks shift later during puberty, while school start times stay early.`,
      claude: `Most sleep experts recommend **between eight and ten hours** a night for teenagers. A few things that genuinely help:

- Keep a consistent wake-up time, even at weekends
- Put screens away for the last hour before bed
- Avoid caffeine after lunchtime
- Get daylight in the morning to help reset the body clock`,
      deepseek: `Teens (13–18) need **between seven and nine hours** of sleep per night, according to the American Academy of Sleep Medicine. Regularly getting less is linked to poorer concentration, mood problems and a higher risk of accidents.`,
    }),
    conflicts: [
      {
        kind: 'quantity',
        values: {
          perplexity: '8–10 hours',
          claude: 'between eight and ten hours',
          deepseek: 'between seven and nine hours',
        },
      },
    ],
  },
  {
    name: 'lisbon-population-european-separators',
    question: 'How many people live in Lisbon?',
    answers: answersOf({
      perplexity: `About **545,000** people live in the city of Lisbon itself (the municipality), according to the 2021 census. The wider Lisbon Metropolitan Area is much bigger, with roughly 2.9 million residents — more than a quarter of Portugal's population.`,
      gemini: `**Lisbon — population**

- City proper (Census 2021): approximately **545.000** inhabitants
- Metropolitan area: approximately **2,9 million** inhabitants

The city's population fell for decades as residents moved out to the suburbs, which is why the municipality is small compared with the metro area.`,
      chatgpt: `Around **645,000** people live in the city of Lisbon, while the greater metropolitan area is home to roughly 2.9 million. It's Portugal's capital and largest city.`,
    }),
    conflicts: [{ kind: 'count', values: { perplexity: '545,000', gemini: '545.000', chatgpt: '645,000' } }],
  },
  {
    name: 'moon-distance-km-vs-miles',
    question: 'How far away is the Moon?',
    answers: answersOf({
      claude: `On average, the Moon is about **384,400 km** from Earth (measured centre to centre). Because its orbit is elliptical, the distance varies from roughly 363,300 km at its closest (perigee) to about 405,500 km at its farthest (apogee). Light covers the distance in about 1.3 seconds.`,
      llama: `About **238,900 miles** on average — roughly 30 Earths lined up side by side.`,
      grok: `The Moon orbits Earth at an average distance of roughly **284,000 miles**. That distance isn't constant: the orbit is slightly elliptical, and the Moon is also drifting away from us by about 3.8 cm per year.`,
    }),
    conflicts: [
      {
        kind: 'quantity',
        values: { claude: '384,400 km', llama: '238,900 miles', grok: '284,000 miles' },
      },
    ],
  },
  {
    name: 'venus-temperature-celsius-fahrenheit-kelvin',
    question: 'How hot is it on the surface of Venus?',
    answers: answersOf({
      gemini: `Venus's average surface temperature is about **464 °C** — hot enough to melt lead. That makes it the hottest planet in the Solar System, even though Mercury is closer to the Sun.

The culprit is a runaway greenhouse effect: its thick carbon-dioxide atmosphere traps heat, and the surface pressure is about 92 times that on Earth.`,
      chatgpt: `Around **867 °F** on average — and it barely changes between day and night or from the equator to the poles, because the dense atmosphere spreads the heat around the planet.`,
      deepseek: `The surface of Venus sits at roughly **560 K**, thanks to a runaway greenhouse effect in its CO₂-rich atmosphere. That makes it the hottest planet, hotter even than Mercury.`,
    }),
    conflicts: [{ kind: 'quantity', values: { gemini: '464 °C', chatgpt: '867 °F', deepseek: '560 K' } }],
  },
  {
    name: 'bolt-record-precision-tolerance',
    question: "What's the 100m world record?",
    answers: answersOf({
      chatgpt: `The men's 100 m world record is **9.58 seconds**, set by Usain Bolt of Jamaica at the World Championships in Berlin on 16 August 2009. The women's record is 10.49 seconds, run by Florence Griffith-Joyner in 1988.`,
      perplexity: `Usain Bolt — 9.58 s (Berlin, 2009).`,
      claude: `Usain Bolt holds it with **9.63 seconds**, run at the 2009 World Championships in Berlin. The record has stood for more than fifteen years.`,
    }),
    conflicts: [
      {
        kind: 'quantity',
        values: { chatgpt: '9.58 seconds', perplexity: '9.58 s', claude: '9.63 seconds' },
      },
    ],
  },
  {
    name: 'eu-member-count',
    question: 'How many countries are in the EU?',
    answers: answersOf({
      deepseek: `27 countries (since the UK's departure on 31 January 2020). The most recent country to join was Croatia, in 2013.`,
      llama: `There are **28** member countries in the European Union. Croatia was the last country to join, in 2013, and several Western Balkan states, as well as Ukraine and Moldova, are candidates for membership.`,
    }),
    conflicts: [{ kind: 'count', values: { deepseek: '27 countries', llama: '28' } }],
  },
  {
    name: 'switzerland-neighbours-list',
    question: 'Which countries border Switzerland?',
    answers: answersOf({
      claude: `Switzerland borders five countries:

1. **Germany** (north)
2. **France** (west)
3. **Italy** (south)
4. **Austria** (east)
5. **Liechtenstein** (east)

The longest border is with Italy and the shortest with Liechtenstein.`,
      gemini: `Switzerland's neighbours are France, Germany, Austria, Liechtenstein and Italy.`,
      grok: `Five countries share a border with Switzerland: Germany, France, Italy, Austria and Slovenia. The longest stretch is the border with Italy, which runs through the Alps.`,
    }),
    conflicts: [{ kind: 'list', values: { claude: 'Liechtenstein', gemini: 'Liechtenstein', grok: 'Slovenia' } }],
  },
  {
    name: 'un-security-council-permanent-members-list',
    question: 'Who are the permanent members of the UN Security Council?',
    answers: answersOf({
      chatgpt: `There are five permanent members (the "P5"), each with veto power:

| Country | Permanent seat since |
|---|---|
| China | 1945 (held by the People's Republic since 1971) |
| France | 1945 |
| Russia | 1945 (as the Soviet Union until 1991) |
| United Kingdom | 1945 |
| United States | 1945 |

The Council also has ten non-permanent members elected for two-year terms.`,
      perplexity: `The P5: United States, United Kingdom, France, Russia and China.`,
      deepseek: `The five permanent members are the United States, the United Kingdom, Russia, China and Germany. Each of them can veto substantive resolutions. Ten further members are elected by the General Assembly for two-year terms.`,
    }),
    conflicts: [{ kind: 'list', values: { chatgpt: 'France', perplexity: 'France', deepseek: 'Germany' } }],
  },
  {
    name: 'great-wall-from-space-yes-no',
    question: 'Can you see the Great Wall of China from space?',
    answers: answersOf({
      claude: `**No — not with the naked eye**, despite the popular myth. The wall is very long, but it is only a few metres wide and is built from materials similar in colour to the surrounding terrain, so from the International Space Station (about 400 km up) it is essentially invisible without a camera lens. China's first astronaut, Yang Liwei, said in 2003 that he could not see it. From the Moon it's completely out of the question.`,
      llama: `**Yes**, the Great Wall of China can be seen from space with the naked eye, at least from low Earth orbit, because of its enormous length. It is not, however, visible from the Moon, which is hundreds of thousands of kilometres away.`,
    }),
    conflicts: [
      {
        kind: 'yes-no',
        values: { claude: 'not with the naked eye', llama: 'can be seen from space with the naked eye' },
      },
    ],
  },
  {
    name: 'python-first-release-year-looks-like-confirmation',
    question: 'What year was Python first released?',
    answers: answersOf({
      chatgpt: `Python was first released in **1991**. Guido van Rossum started working on it in December 1989 as a hobby project at CWI in the Netherlands, and he published version 0.9.0 to the alt.sources newsgroup in February 1991. Python 1.0 followed in January 1994.`,
      grok: `February 1991 (version 0.9.0). Python 2.0 came out in 2000 and Python 3.0 in 2008.`,
      llama: `Python was first released in **1989** by Guido van Rossum, who named it after the British comedy group Monty Python's Flying Circus. It has since become one of the most popular programming languages in the world.`,
    }),
    conflicts: [{ kind: 'year', values: { chatgpt: '1991', grok: 'February 1991', llama: '1989' } }],
  },
  {
    name: 'first-woman-in-space-person-and-year',
    question: 'Who was the first woman in space?',
    answers: answersOf({
      claude: `**Valentina Tereshkova**, a Soviet cosmonaut, became the first woman in space on 16 June 1963, flying aboard Vostok 6. She orbited Earth 48 times in just under three days. The first American woman in space, Sally Ride, followed twenty years later, in 1983.`,
      perplexity: `Valentina Tereshkova (USSR), aboard Vostok 6 in June 1963.`,
      gemini: `The first woman in space was **Sally Ride**, an American astronaut who flew aboard the Space Shuttle *Challenger* on mission STS-7 in **1983**. She was a physicist by training and later became a strong advocate for science education, especially for girls.`,
    }),
    conflicts: [
      {
        kind: 'person',
        values: { claude: 'Valentina Tereshkova', perplexity: 'Valentina Tereshkova', gemini: 'Sally Ride' },
      },
      { kind: 'year', values: { claude: '1963', perplexity: 'June 1963', gemini: '1983' } },
    ],
  },
  {
    name: 'lightning-same-place-twice-yes-no',
    question: 'Can lightning strike the same place twice?',
    answers: answersOf({
      chatgpt: `**Yes** — and it often does. Lightning tends to hit tall, isolated, conductive objects, so the same spot can be struck again and again. The Empire State Building, for example, is hit around 20–25 times a year. The saying "lightning never strikes twice" is a myth.`,
      llama: `Yes. Tall structures like the Empire State Building get struck many times every year.`,
      deepseek: `**No**, in practice lightning doesn't strike the same place twice. Each bolt follows the path of least resistance through the ionised air at that moment, and because conditions change from one flash to the next, a later bolt will almost always find a different path to the ground.`,
    }),
    conflicts: [
      {
        kind: 'yes-no',
        values: { chatgpt: 'Yes', llama: 'Yes', deepseek: "doesn't strike the same place twice" },
      },
    ],
  },
  {
    name: 'long-apollo-11-splashdown-date',
    question: 'Can you give me an overview of the Apollo 11 mission?',
    answers: answersOf({
      chatgpt: `# Apollo 11: Overview

Apollo 11 was the NASA mission that first landed humans on the Moon. It's usually remembered for a single moment, but the mission as a whole lasted about eight days and involved a long list of firsts.

## The crew

| Role | Astronaut |
|---|---|
| Commander | Neil Armstrong |
| Command Module Pilot | Michael Collins |
| Lunar Module Pilot | Edwin "Buzz" Aldrin |

## Timeline

1. **Launch – 16 July 1969.** A Saturn V rocket lifted off from Kennedy Space Center in Florida.
2. **Lunar orbit – 19 July.** The spacecraft entered orbit around the Moon after a three-day coast.
3. **Landing – 20 July.** Armstrong and Aldrin flew the lunar module *Eagle* down to the Sea of Tranquility while Collins stayed in orbit aboard *Columbia*. Armstrong radioed: "Houston, Tranquility Base here. The Eagle has landed."
4. **First steps.** A few hours after landing, Armstrong stepped onto the surface, and Aldrin followed him about 20 minutes later. They spent roughly two and a half hours outside.
5. **Return.** *Eagle*'s ascent stage rejoined *Columbia* in lunar orbit, and the crew headed home.
6. **Splashdown – 24 July 1969.** The command module came down in the Pacific Ocean and was recovered by the aircraft carrier USS *Hornet*.

## What they did on the surface

- Planted a US flag and unveiled a plaque on the lander's leg ("We came in peace for all mankind")
- Collected about 21.5 kg (47.5 lb) of lunar rock and soil
- Set up experiments, including a seismometer and a laser retroreflector that is still used to measure the Earth–Moon distance

## Why it mattered

Apollo 11 fulfilled President John F. Kennedy's 1961 goal of landing a man on the Moon and returning him safely to Earth before the end of the decade. After splashdown the astronauts were kept in quarantine as a precaution against lunar microbes, 21 days in all. Five more Apollo crews went on to land on the Moon, the last in December 1972.`,
      claude: `Apollo 11 was the first crewed Moon landing, and the culmination of NASA's Apollo programme.

**The crew and spacecraft**

Three astronauts flew the mission: Neil Armstrong (commander), Buzz Aldrin (lunar module pilot) and Michael Collins (command module pilot). They launched on a Saturn V from Kennedy Space Center on 16 July 1969. The spacecraft had two crewed parts: the command module *Columbia*, which carried the crew to the Moon and back, and the lunar module *Eagle*, which made the landing.

**The landing**

On 20 July, Armstrong and Aldrin undocked in *Eagle* and descended toward the Sea of Tranquility, while Collins orbited alone in *Columbia*. The descent was tense: the guidance computer threw a series of "1202" and "1201" program alarms, and Armstrong had to take semi-manual control to steer past a boulder-strewn crater before touching down with little fuel to spare.

Armstrong climbed down the ladder several hours later and became the first human to stand on the Moon, saying: "That's one small step for [a] man, one giant leap for mankind." Aldrin joined him shortly afterwards.

**On the surface**

Their moonwalk lasted about 2 hours 31 minutes. During it they:

- deployed a seismometer and a laser ranging retroreflector,
- set up a solar wind collector,
- planted the American flag, and
- gathered roughly 47.5 pounds (21.5 kg) of samples.

**Coming home**

After about 21 and a half hours on the surface, *Eagle*'s ascent stage lifted off and docked with *Columbia*. The crew jettisoned *Eagle* and fired their engine to leave lunar orbit. They splashed down in the Pacific on **July 24, 1969**, southwest of Hawaii, and were picked up by USS *Hornet*. Because no one yet knew whether the Moon harboured pathogens, they went straight into quarantine, which lasted 21 days in total.

**Legacy**

The landing met John F. Kennedy's challenge to reach the Moon before the decade was out, and an estimated 600 million people watched the broadcast worldwide. Apollo 11's samples are still studied today, and the retroreflector the crew left behind continues to return laser pulses fired from Earth.`,
      gemini: `## Apollo 11 at a glance

**Apollo 11** was the spaceflight that landed the first two people on the Moon. Here's a structured overview.

### Key facts

- **Agency:** NASA
- **Launch vehicle:** Saturn V
- **Launch site:** Kennedy Space Center, Florida
- **Launch date:** 16 July 1969
- **Landing site:** Mare Tranquillitatis (Sea of Tranquility)
- **Crew:** Neil Armstrong, Buzz Aldrin, Michael Collins

### Mission phases

**1. Outbound journey.** After launch and a trans-lunar injection burn, the crew coasted for about three days before entering lunar orbit.

**2. Descent and landing.** On 20 July 1969, the lunar module *Eagle*, with Armstrong and Aldrin aboard, separated from the command module *Columbia*. Collins remained in orbit, alone and out of radio contact whenever *Columbia* passed behind the Moon. *Eagle* touched down at 20:17 UTC.

**3. Surface operations.** Armstrong's first step came at 02:56 UTC on 21 July (still the evening of 20 July in the US). The two astronauts spent approximately two and a half hours outside, collecting about 21.5 kilograms of material and setting up scientific instruments such as a passive seismometer and a laser reflector.

**4. Return and splashdown.** The ascent stage lifted off to rejoin *Columbia*, and the three-man crew began the journey home. The command module splashed down in the Pacific Ocean on **26 July 1969**, where the crew was recovered by the USS *Hornet*.

### Aftermath

The astronauts were quarantined for 21 days to rule out contamination by lunar organisms. They were then celebrated with parades in New York and Chicago, followed by a world tour.

### Why it still matters

- It achieved President Kennedy's goal of a crewed lunar landing before the end of the 1960s.
- The samples reshaped scientists' understanding of how the Moon formed.
- The retroreflector is still in use for precise laser measurements of the Earth–Moon distance.`,
    }),
    conflicts: [
      {
        kind: 'date',
        values: { chatgpt: '24 July 1969', claude: 'July 24, 1969', gemini: '26 July 1969' },
      },
    ],
  },
  {
    name: 'long-eiffel-tower-completion-year',
    question: 'Tell me the history of the Eiffel Tower — when was it built, who designed it, and how tall is it?',
    answers: answersOf({
      perplexity: `The Eiffel Tower was built between 1887 and 1889 as the centrepiece of the **1889 Exposition Universelle**, the Paris World's Fair that marked the 100th anniversary of the French Revolution.

## Construction

- **Work began:** 28 January 1887
- **Completed:** March 1889 — in just over two years
- **Inaugurated:** 31 March 1889, when Gustave Eiffel climbed to the top and raised the French flag
- **Builder:** Eiffel's engineering company, the Compagnie des Établissements Eiffel

The structure is made of wrought iron: roughly 18,000 individual parts held together by about 2.5 million rivets, with the ironwork alone weighing around 7,300 tonnes.

## Who designed it?

Although it bears Gustave Eiffel's name, the original concept came from two senior engineers in his firm, **Maurice Koechlin** and **Émile Nouguier**, in 1884. The architect **Stephen Sauvestre** then refined the design, adding the decorative arches at the base. Eiffel bought the rights to the patent and championed the project.

## Height

| | Height |
|---|---|
| At completion | 300 m (about 312 m with the flagpole) |
| Today, with antennas | 330 m (1,083 ft) |

It was the tallest man-made structure in the world until New York's Chrysler Building surpassed it in 1930.

## Controversy and survival

Not everyone welcomed it. In 1887, a group of prominent artists and writers published a protest letter calling it useless and monstrous. The tower was also only meant to stand for 20 years. It was saved largely because it proved valuable as a radio transmission tower in the early 20th century.

Today it's one of the most visited paid monuments in the world, welcoming around 6 million visitors a year. Visitors can take the stairs as far as the second floor, but the top level is reached only by lift.`,
      claude: `The Eiffel Tower went up remarkably fast. Here's the short history.

**Why it was built**

In the mid-1880s, France was preparing the 1889 Exposition Universelle to celebrate the centenary of the French Revolution, and the organisers held a competition for a striking centrepiece on the Champ de Mars. The winning proposal came from the company of the engineer Gustave Eiffel.

**Design**

The design is usually credited to Eiffel, but the first sketches were drawn in 1884 by two of his engineers, Maurice Koechlin and Émile Nouguier. The architect Stephen Sauvestre reworked the look of the tower, and Eiffel's firm took on the engineering and construction. Eiffel himself became its public face and defended it fiercely against critics.

**Construction timeline**

1. Work on the foundations started in January 1887.
2. The iron framework rose through 1887 and 1888, assembled from prefabricated pieces made in Eiffel's workshop at Levallois-Perret.
3. The tower was finished in **1889**, in time for the fair, which opened in May that year.

Building it took just over two years.

**How tall is it?**

- Original height: about 300 metres, which made it the tallest structure built by humans until 1930.
- Current height: **330 metres**, including the broadcasting antennas at the top.

Its height also shifts slightly with the weather — the iron expands in summer heat and can add several centimetres.

**After the fair**

Eiffel had a permit to keep the tower for 20 years, after which the city of Paris could dismantle it. He made it useful for science — meteorology, aerodynamics experiments and, above all, radiotelegraphy — and its value as a military radio antenna secured its future. It has been repainted regularly ever since, roughly every seven years, and remains the symbol of Paris.`,
      grok: `**Short version:** the Eiffel Tower was completed in **1887**, it was designed by engineers working for Gustave Eiffel's company, and it now stands **330 m (1,083 ft)** tall.

### Origins

The tower was commissioned as the entrance arch and showpiece of the Exposition Universelle, the world's fair Paris staged to mark the centenary of the French Revolution. It was meant to show off French engineering skill in wrought iron.

### The designers

| Person | Role |
|---|---|
| Maurice Koechlin | Structural engineer; drew the first sketch in 1884 |
| Émile Nouguier | Engineer; co-author of the original concept |
| Stephen Sauvestre | Architect; added the arches and decorative details |
| Gustave Eiffel | Head of the firm; bought the patent and led the project |

So while the name is Eiffel's, the core idea was Koechlin's and Nouguier's.

### Building it

- About 18,000 wrought-iron parts were prefabricated in Eiffel's workshop at Levallois-Perret, just outside Paris, and assembled on site.
- Roughly 2.5 million rivets hold them together.
- The iron structure weighs about 7,300 tonnes.

### Height over time

The tower was 300 m tall when it opened, which made it the world's tallest man-made structure for about four decades, until the Chrysler Building in New York overtook it in 1930. Antennas added over the years have raised it to 330 m today.

### Love it or hate it

Many Parisian artists and intellectuals hated it at first and signed a public protest against it. It was supposed to be taken down after 20 years, but its usefulness for radio transmission saved it. Today it draws roughly 6 million visitors a year and is probably the most recognisable landmark in the world.`,
    }),
    conflicts: [{ kind: 'year', values: { perplexity: 'March 1889', claude: '1889', grok: '1887' } }],
  },
  {
    name: 'long-coffee-caffeine-limit-and-decaf',
    question: 'Is coffee good or bad for you? How much is too much?',
    answers: answersOf({
      chatgpt: `Short answer: for most healthy adults, **moderate coffee drinking is more likely to be good for you than bad** — but the dose and the person matter.

## Potential benefits

Large observational studies have linked moderate coffee intake (roughly 3–4 cups a day) with:

- a lower risk of **type 2 diabetes**
- a lower risk of **Parkinson's disease**
- less **liver disease**, including cirrhosis and liver cancer
- slightly lower overall mortality in some cohorts

Keep in mind these are mostly associations, not proof that coffee causes the benefit.

## Potential downsides

- **Sleep:** caffeine has a half-life of around five hours, so an afternoon cup can still affect your sleep at night.
- **Anxiety and jitteriness**, especially at higher doses
- **Heartburn / reflux** in some people
- **A short-term rise in blood pressure**, mainly in people who don't drink it regularly
- **Cholesterol:** unfiltered coffee (French press, Turkish, boiled) contains cafestol, which can raise LDL cholesterol. Paper filters remove most of it.

## How much is too much?

| Group | Suggested caffeine limit |
|---|---|
| Healthy adults | up to **400 mg/day** (US FDA), about four cups of brewed coffee |
| Pregnant people | under 200 mg/day |
| Children and teens | much lower; many experts advise avoiding caffeine |

An 8-oz (240 ml) cup of brewed coffee has around 95 mg of caffeine, though this varies a lot with the beans and the brewing method.

## What about decaf?

Decaf still has a little caffeine. In the US, coffee labelled decaffeinated has generally had at least **97%** of its caffeine removed, leaving only a few milligrams per cup. It's a good option if you like the taste but are sensitive to caffeine.

**Bottom line:** a few cups a day is fine for most people. Cut back if you notice poor sleep, palpitations or anxiety, and talk to your doctor if you're pregnant or have heart rhythm problems.`,
      deepseek: `Coffee has a mixed but mostly positive reputation in the research. Here's a balanced breakdown.

### 1. What the evidence suggests

Coffee is one of the most studied beverages in the world. Observational research associates moderate consumption with reduced risks of several conditions, including type 2 diabetes, Parkinson's disease and chronic liver disease. Coffee also contains antioxidants and polyphenols, which may explain part of the effect. However, most of this evidence comes from observational studies, so causation is not established.

### 2. Known risks

- **Insomnia:** caffeine blocks adenosine receptors, and with a half-life of roughly 5 hours it can linger well into the evening.
- **Anxiety and palpitations** in sensitive individuals.
- **Acid reflux** may get worse.
- **Blood pressure** can rise temporarily, particularly in people who rarely drink it.
- **LDL cholesterol:** the diterpenes cafestol and kahweol in unfiltered coffee can raise it; filtered coffee is much less of a concern.

### 3. Safe intake

The U.S. Food and Drug Administration considers up to **600 mg** of caffeine per day to be safe for healthy adults. For reference, a standard 8-ounce cup of brewed coffee contains about 95 mg. During pregnancy, the usual recommended ceiling is 200 mg per day.

Caffeine also hides in tea, cola, energy drinks and some painkillers, so count those too.

### 4. Decaffeinated coffee

Decaf is not entirely caffeine-free. Under US practice, at least 97% of the caffeine is removed, so a cup typically contains only 2–15 mg.

### 5. Practical guidance

1. Prefer paper-filtered brewing if your cholesterol is high.
2. Keep caffeine to the morning and early afternoon.
3. Watch the extras: syrups, sugar and cream can turn a low-calorie drink into a dessert.
4. If you have an arrhythmia or uncontrolled hypertension, or are pregnant, discuss your intake with a clinician.

Overall, for most adults coffee is safe and may even be beneficial when consumed in moderation.`,
      gemini: `## Coffee and your health: the verdict

For most people, coffee is **safe and possibly beneficial** in moderate amounts. Problems usually come from drinking too much, drinking it too late in the day, or having certain health conditions.

### ✅ The good

* **Metabolic health:** regular coffee drinkers have a lower risk of type 2 diabetes in many large studies.
* **Brain:** coffee consumption is associated with a reduced risk of Parkinson's disease.
* **Liver:** coffee appears protective against fatty liver disease, cirrhosis and liver cancer.
* **Alertness and performance:** caffeine improves reaction time, focus and endurance performance.

### ⚠️ The not-so-good

* **Sleep disruption** — even when you don't notice it, late caffeine reduces deep sleep.
* **Anxiety** — high doses can trigger nervousness in susceptible people.
* **Digestive upset** — coffee can aggravate heartburn.
* **Dependence** — stopping suddenly can cause headaches and fatigue for a few days.

### How much is too much?

The FDA's guidance for healthy adults is no more than **400 milligrams of caffeine a day**, which works out to about four 8-ounce cups of brewed coffee. Pregnant women are usually advised to stay below 200 mg. Signs you've overdone it include:

1. a racing or irregular heartbeat
2. shakiness or restlessness
3. trouble falling asleep
4. an upset stomach

Remember that a large coffee-shop drink can contain two or three times the caffeine of a home-brewed cup.

### Is decaf a good alternative?

Yes, for many people. But decaf isn't zero-caffeine: the decaffeination process typically removes only **about 70%** of the caffeine, so several cups of decaf can add up.

### Bottom line

Enjoy up to a few cups a day if it agrees with you, keep it to the morning or early afternoon, and choose filtered coffee if your LDL cholesterol is a concern.`,
    }),
    conflicts: [
      {
        kind: 'quantity',
        values: { chatgpt: '400 mg/day', gemini: '400 milligrams', deepseek: '600 mg' },
      },
      { kind: 'percentage', values: { chatgpt: '97%', deepseek: '97%', gemini: 'about 70%' } },
    ],
  },
  {
    name: 'long-skeleton-bone-count-and-longest-bone',
    question: 'How many bones are in the human body, and what are the main facts about the skeleton?',
    answers: answersOf({
      claude: `An adult human skeleton usually has **206 bones**. That number isn't fixed across life, though, and some people have a few extra small bones (an additional rib, for example, or extra sesamoid bones).

## Babies have more bones

A newborn has somewhere around 270–300 bones and bony elements, many of them still partly cartilage. During childhood and adolescence many of these fuse — the skull plates, the sacrum and the coccyx, for example — which brings the total down to 206 by adulthood.

## How the skeleton is organised

The skeleton is divided into two parts:

- **Axial skeleton (80 bones):** skull, ear ossicles, hyoid, spine, ribs and sternum
- **Appendicular skeleton (126 bones):** the limbs plus the shoulder and pelvic girdles

More than half of all your bones are in your hands and feet — 54 in the hands and wrists and 52 in the feet and ankles.

## Record holders

| | Bone | Notes |
|---|---|---|
| Longest and strongest | **Femur** (thigh bone) | roughly a quarter of a person's height |
| Smallest | **Stapes** (in the middle ear) | about 3 mm long |

## What the skeleton does

1. **Support** – gives the body its shape and holds up soft tissues.
2. **Protection** – the skull shields the brain, the ribcage the heart and lungs.
3. **Movement** – bones act as levers for the muscles attached to them.
4. **Blood cell production** – red bone marrow makes red cells, white cells and platelets.
5. **Mineral storage** – about 99% of the body's calcium is stored in bone.

## Bone is living tissue

Bones are constantly being broken down and rebuilt in a process called remodelling, so your skeleton is gradually renewed over the years. Bone mass peaks around age 30; after that, weight-bearing exercise, enough calcium and vitamin D, and not smoking all help to slow its decline.`,
      llama: `### The short answer

Adults have **206 bones**. Babies are born with more — roughly 270 to 300 — because several bones, such as those in the skull and at the base of the spine, start out as separate pieces that fuse as we grow.

### Breakdown by region

| Region | Number of bones |
|---|---|
| Skull (cranium and face) | 22 |
| Middle ear ossicles | 6 |
| Hyoid | 1 |
| Vertebral column | 26 |
| Ribs and sternum | 25 |
| Upper limbs and shoulder girdles | 64 |
| Lower limbs and pelvic girdle | 62 |
| **Total** | **206** |

### Interesting facts

- **The longest bone is the tibia**, or shinbone, which runs from the knee to the ankle.
- **The smallest bone is the stapes**, one of three tiny bones in each middle ear that pass sound to the inner ear.
- **The hands and feet contain more than half of all your bones.**
- **The only bone not joined to another bone is the hyoid**, a U-shaped bone in the neck that supports the tongue.

### Functions of the skeleton

Your skeleton does much more than hold you upright. It protects vital organs (the skull around the brain, the ribs around the heart and lungs), anchors muscles so you can move, manufactures blood cells in the red marrow, and stores minerals such as calcium and phosphorus that the body can draw on when needed.

### Keeping bones healthy

- Get enough calcium (dairy, leafy greens, fortified foods) and vitamin D (sunlight, oily fish).
- Do weight-bearing and resistance exercise.
- Avoid smoking and limit alcohol, both of which weaken bone.
- Ask your doctor about bone density testing if you're at risk of osteoporosis.

Bones keep changing throughout life: old bone is constantly removed and new bone laid down, which is why exercise and nutrition matter at every age.`,
      grok: `The adult human body has **212 bones**. Here's a quick guide to the skeleton.

**📌 Key numbers**

- **At birth:** around 270–300 bones, many of which fuse during growth
- **Longest bone:** the femur (thigh bone)
- **Smallest bone:** the stapes, in the middle ear — about the size of a grain of rice
- **Most bones in one area:** the hands and feet, which together hold more than half the total

**🦴 Two main divisions**

1. The **axial skeleton** forms the body's central axis: skull, vertebral column, ribs and sternum. Its main job is protection.
2. The **appendicular skeleton** includes the arms, legs, shoulder girdle and pelvis. Its main job is movement.

**⚙️ What bones do**

- Provide structure and support
- Protect organs such as the brain, heart and lungs
- Work with muscles, tendons and ligaments to produce movement
- Produce blood cells in the red bone marrow
- Store calcium and phosphate

**🔄 Bones change over a lifetime**

Bone is constantly remodelled: cells called osteoclasts break down old bone while osteoblasts build new bone. In youth, building outpaces breakdown, and peak bone mass is reached around age 30. Later in life the balance tips the other way, which is why older adults — especially women after menopause — are at higher risk of osteoporosis and fractures.

**Fun facts**

- Some people have an extra rib (a cervical rib) or additional small sesamoid bones, so the exact count can vary slightly between individuals.
- The kneecap (patella) is the largest sesamoid bone in the body.
- Teeth aren't counted as bones, even though they're the hardest structures in the body thanks to their enamel.

Want me to go into any particular part of the skeleton, like the skull or the spine?`,
    }),
    conflicts: [
      { kind: 'count', values: { claude: '206 bones', llama: '206 bones', grok: '212 bones' } },
      { kind: 'name', values: { claude: 'Femur', grok: 'femur', llama: 'tibia' } },
    ],
  },
  {
    name: 'long-wwi-assassination-place',
    question: 'What caused World War I and what were the key events?',
    answers: answersOf({
      chatgpt: `# World War I: causes and key events

## Long-term causes

Historians often summarise the underlying causes with the acronym **MAIN**:

- **Militarism** – an arms race, especially the naval rivalry between Britain and Germany
- **Alliances** – Europe was split into two blocs: the Triple Entente (France, Russia, Britain) and the Triple Alliance (Germany, Austria-Hungary, Italy)
- **Imperialism** – competition for colonies and influence
- **Nationalism** – including Slavic nationalism in the Balkans, which threatened Austria-Hungary

## The trigger

On **28 June 1914**, Archduke Franz Ferdinand, heir to the Austro-Hungarian throne, was assassinated in **Sarajevo** by Gavrilo Princip, a Bosnian Serb nationalist. Austria-Hungary blamed Serbia and, backed by Germany, issued a harsh ultimatum.

## How it escalated (July–August 1914)

1. **28 July** – Austria-Hungary declared war on Serbia; its guns shelled Belgrade the following day.
2. **30 July** – Russia ordered general mobilisation in support of Serbia.
3. **1 August** – Germany declared war on Russia.
4. **3 August** – Germany declared war on France.
5. **4 August** – Germany invaded Belgium; Britain declared war on Germany.

## Key events of the war

| Year | Event |
|---|---|
| 1914 | First Battle of the Marne halts the German advance on Paris; trench warfare begins |
| 1915 | Gallipoli campaign; sinking of the *Lusitania*; Italy joins the Allies |
| 1916 | Battles of Verdun and the Somme |
| 1917 | USA enters the war (April); Russian Revolution |
| 1918 | Treaty of Brest-Litovsk takes Russia out; Armistice signed 11 November |

## Aftermath

The **Treaty of Versailles** was signed on 28 June 1919, exactly five years after the assassination. It imposed heavy reparations on Germany and redrew the map of Europe. Four empires — the German, Austro-Hungarian, Russian and Ottoman — had collapsed, and the resentments the settlement left behind fed into the Second World War.`,
      perplexity: `World War I (1914–1918) had deep structural causes and a sudden spark.

**Underlying causes**

By 1914 the great powers of Europe were locked into a rigid alliance system. France, Russia and Britain were linked in the Triple Entente, while Germany was allied with Austria-Hungary. An intense arms race, especially the Anglo-German naval race over dreadnought battleships, made military leaders confident and war plans inflexible. Imperial rivalries over colonies in Africa and Asia added to the tension, and nationalism was pulling apart multi-ethnic empires — above all Austria-Hungary, where many South Slavs looked to Serbia.

**The spark**

The immediate trigger came on 28 June 1914, when the Bosnian Serb student Gavrilo Princip, a member of the Young Bosnia movement, shot Archduke Franz Ferdinand and his wife Sophie in Sarajevo, the capital of Bosnia. Within five weeks, the "July Crisis" turned a regional conflict into a continental war as each alliance partner honoured its commitments. Germany's Schlieffen Plan, which required attacking France through neutral Belgium, brought Britain in on 4 August.

**Major turning points**

- **Western Front stalemate (from late 1914):** after the Marne, both sides dug trenches from the Channel to Switzerland.
- **Verdun and the Somme (1916):** enormous battles of attrition; the first day of the Somme alone cost the British Army about 57,000 casualties.
- **1917:** Germany's unrestricted submarine warfare and the Zimmermann Telegram brought the United States into the war, while revolution knocked Russia out.
- **1918:** Germany's Spring Offensive failed, the Allies counter-attacked in the Hundred Days Offensive, and the armistice took effect at 11 a.m. on 11 November 1918.

**Consequences**

Roughly 9 million soldiers died. Four empires — the German, Austro-Hungarian, Russian and Ottoman — collapsed, and the peace settlements, above all the Treaty of Versailles (1919), left resentments that helped set the stage for World War II.`,
      deepseek: `### Causes of World War I

The First World War broke out in the summer of 1914, but its roots went back decades. The main causes were:

1. **Alliance system.** Two armed camps had formed: the Triple Entente of France, Russia and Britain, and the Central Powers built around Germany and Austria-Hungary. A dispute involving one member could drag in all the others.
2. **Militarism.** The continental powers had huge conscript armies and detailed mobilisation plans, and Britain and Germany were locked in a naval arms race.
3. **Imperial rivalry.** Competition for colonies and markets, notably in Africa, created repeated diplomatic crises.
4. **Nationalism.** Serbian nationalism in particular challenged Austria-Hungary's control over the Balkans.

### The immediate trigger

On 28 June 1914, Archduke Franz Ferdinand of Austria-Hungary was assassinated in **Belgrade** by Gavrilo Princip, a young Bosnian Serb. Austria-Hungary held Serbia responsible, and with Germany's promise of unconditional support (the so-called "blank cheque") it declared war on Serbia on 28 July 1914. Russia mobilised to defend Serbia, Germany declared war on Russia and France, and after German troops entered Belgium, Britain joined the war on 4 August.

### Key events

- **1914:** the German advance into France is stopped at the Marne; the Western Front settles into trench warfare.
- **1915:** Allied landings at Gallipoli fail; a German U-boat sinks the liner *Lusitania*; Italy joins the Allies.
- **1916:** Verdun and the Somme become bywords for slaughter.
- **1917:** the United States declares war on Germany in April; the Bolsheviks seize power in Russia.
- **1918:** Russia signs the Treaty of Brest-Litovsk; the German army is pushed back; an armistice ends the fighting on 11 November.

### Outcome

The Allies won. The Paris Peace Conference produced the Treaty of Versailles in 1919, which forced Germany to accept responsibility for the war, pay reparations and give up territory. The war reshaped the political map of Europe and the Middle East.`,
    }),
    conflicts: [{ kind: 'place', values: { chatgpt: 'Sarajevo', perplexity: 'Sarajevo', deepseek: 'Belgrade' } }],
  },
  {
    name: 'long-electoral-college-split-states-list',
    question: 'How does the US Electoral College work?',
    answers: answersOf({
      claude: `The Electoral College is the system the United States uses to elect its president and vice president. Voters don't choose the president directly; they choose **electors**, who then cast the formal votes.

## The numbers

- There are **538 electors** in total.
- Each state gets as many electors as it has members of Congress: its House seats plus its two senators. Washington, D.C., gets 3 electors under the 23rd Amendment.
- A candidate needs a majority — **270 electoral votes** — to win.

Because House seats are reapportioned after each census, a state's number of electors can change every ten years. After the 2020 census, California has the most (54), while the smallest states and D.C. have 3 each.

## How states award their electors

In **48 states and D.C.**, the candidate who wins the statewide popular vote takes all of that state's electors ("winner-take-all").

The two exceptions are **Maine and Nebraska**, which give two electors to the statewide winner and one to the winner of each congressional district. That's why Nebraska's 2nd district (around Omaha) has sometimes split from the rest of the state.

## The timeline

1. **Election Day** (the Tuesday after the first Monday in November): voters in each state choose a slate of electors.
2. **December:** electors meet in their states and cast separate ballots for president and vice president.
3. **6 January:** Congress meets in joint session to count the electoral votes.
4. **20 January:** the new president is inaugurated.

## What if no one reaches 270?

If no candidate wins a majority, the House of Representatives chooses the president, with **each state delegation casting a single vote**, while the Senate chooses the vice president (12th Amendment).

## Controversies

- A candidate can win the presidency while losing the national popular vote, as happened in 2000 and 2016.
- Critics argue it gives outsized weight to small states and to a handful of swing states; defenders say it protects federalism.
- "Faithless electors" who vote against their pledge are rare, and the Supreme Court ruled in *Chiafalo v. Washington* (2020) that states may bind their electors.`,
      gemini: `Here's a plain-English explanation of the Electoral College.

### 1. Voters pick electors, not the president

When Americans vote for president in November, they are technically voting for a group of electors pledged to their candidate. Each party in each state nominates its own slate of electors in advance.

### 2. Electoral votes per state

| Component | Electors |
|---|---|
| House of Representatives seats | 435 |
| Senate seats | 100 |
| District of Columbia | 3 |
| **Total** | **538** |

A state's total equals its number of representatives plus two for its senators. Wyoming, for instance, has 3, while Texas has 40 after the 2020 census.

### 3. Winner-take-all (mostly)

Nearly every state awards all its electors to whoever wins the state's popular vote. The exceptions are Nebraska and Maine, which use the congressional district method: the statewide winner receives two electors and each district's winner receives one.

### 4. Reaching 270

To become president, a candidate must win at least **270** of the 538 electoral votes — a simple majority. This is why campaigns focus so heavily on competitive "battleground" states rather than on the national popular vote.

### 5. Making it official

Electors gather in each state in mid-December to cast their votes. The certificates are sent to Congress, which counts them in a joint session on 6 January. The winner takes office at noon on 20 January.

### 6. If there's a tie

With 538 electors, a 269–269 tie is possible. In that case — or if a third candidate prevents anyone from reaching 270 — the House of Representatives decides, with each state's delegation getting one vote.

### Why it exists

The framers of the Constitution designed the system in 1787 as a compromise between election by Congress and election by popular vote. It also reflected the balance of power between large and small states.`,
      chatgpt: `**In short:** Americans elect the president indirectly. Each state is assigned a number of electors, voters choose which candidate's electors to send, and the candidate with a majority of electoral votes wins.

---

## Key facts

- **Total electors:** 538
- **Votes needed to win:** 270
- **Where the numbers come from:** each state's House delegation + its 2 senators; D.C. gets 3
- **Constitutional basis:** Article II, Section 1, modified by the 12th and 23rd Amendments

## Step by step

1. **Parties nominate electors.** Before the election, each party in each state picks a slate of electors, usually loyal party members.
2. **People vote.** On Election Day in November, the ballot shows the candidates' names, but a vote for a candidate is really a vote for their slate of electors.
3. **States allocate electors.** In most states, the statewide winner gets every elector. Only **Maine and Nevada** split their electors, awarding some by congressional district.
4. **Electors vote.** In December, the electors meet in their states and cast their ballots.
5. **Congress counts.** On January 6, the House and Senate count the votes in a joint session and declare the winner.

## Edge cases

- **No majority:** the House picks the president from the top three candidates, one vote per state delegation; the Senate picks the vice president.
- **Popular vote vs. electoral vote:** a candidate can win the Electoral College without winning the most votes nationwide. This has happened five times, most recently in 2016.
- **Faithless electors:** most states require electors to vote for their pledged candidate, and the Supreme Court upheld such laws in 2020.

## Why it's debated

Supporters say the system forces candidates to build broad geographic coalitions and protects the role of the states. Opponents argue that it makes votes in safe states matter less, concentrates campaigning in a few swing states, and can override the national popular vote. Proposals to change it, such as the National Popular Vote Interstate Compact, haven't taken effect.`,
    }),
    conflicts: [
      {
        kind: 'list',
        values: { claude: 'Maine and Nebraska', gemini: 'Nebraska and Maine', chatgpt: 'Maine and Nevada' },
      },
    ],
  },
  {
    name: 'long-japan-travel-tipping-and-voltage',
    question: "I'm visiting Japan for the first time next month. What practical things should I know?",
    answers: answersOf({
      perplexity: `Here are the practical essentials for a first trip to Japan.

## Money
- The currency is the **Japanese yen (¥)**.
- Cards are accepted much more widely than a few years ago, but smaller restaurants, temples and rural shops may still be **cash only**, so carry some yen.
- 7-Eleven and Japan Post ATMs reliably accept foreign cards.
- **Tipping is not customary** in Japan, and trying to leave a tip can cause confusion. Good service is simply expected.

## Getting around
- Get an IC card such as **Suica** or **PASMO** (or add one to your phone's wallet) for trains, subways, buses and many convenience stores.
- The **Japan Rail Pass** only pays off for some itineraries since its 2023 price increase; compare it with individual shinkansen tickets before buying.
- Trains are extremely punctual; keep phone calls off and conversations quiet on board.
- Traffic drives on the **left**.

## Electricity
- Japan uses **100 V** with Type A and Type B plugs (the same shape as in North America). The frequency is 50 Hz in eastern Japan and 60 Hz in the west.
- Most phone and laptop chargers handle 100–240 V, but check hair dryers and other high-power devices.

## Etiquette
- Take your shoes off when entering homes, ryokan, some restaurants and temple halls; look for a step up or a shoe rack.
- Public trash cans are rare — be ready to carry your rubbish back to your hotel.
- Eating while walking is frowned upon in many places.
- A slight bow is the usual greeting, but a handshake is fine with foreigners.

## Entry and connectivity
- Citizens of many countries, including the US, the UK and most of Europe, can visit visa-free for short stays (up to 90 days for US citizens), but check the current rules for your passport.
- Rent a pocket Wi-Fi router or buy an eSIM for data.

## Emergencies
- Police: **110**
- Fire and ambulance: **119**`,
      gemini: `Exciting! Japan is very easy to travel in once you know a few basics.

### 💴 Money and payments

The local currency is the yen. Japan is still more cash-oriented than many countries, so keep a supply of ¥1,000 notes and coins for small restaurants, shrines and vending machines. Convenience-store ATMs (especially 7-Eleven) accept most foreign cards.

When it comes to service, a 10% tip is customary at sit-down restaurants and for taxi drivers, and you can simply leave it on the table or round up the fare.

### 🚆 Transport

* Load a Suica, PASMO or ICOCA card — physical or on your phone — and tap it for almost all local trains and buses.
* Check whether a Japan Rail Pass actually saves you money; the price went up considerably in 2023.
* Reserve shinkansen seats in busy seasons like Golden Week, Obon and New Year.
* Stand on the left of escalators in Tokyo and on the right in Osaka.

### 🔌 Power

Outlets supply 100 V and take two-pin Type A plugs (many also accept Type B). Visitors from the US and Canada usually don't need an adapter, while travellers from Europe, the UK or Australia will.

### 🙇 Etiquette basics

1. **Shoes off** indoors at homes, traditional inns and some restaurants; slippers are often provided.
2. **Keep quiet on public transport** and put your phone on silent.
3. **Don't walk while eating** — finish your snack near where you bought it.
4. **Carry a small bag for trash**, because bins are scarce.
5. **Onsen rules:** wash thoroughly before entering the bath, and note that some baths still turn away visitors with tattoos.

### 🛂 Paperwork

Many nationalities, including US citizens, can enter without a visa for tourist stays of up to 90 days. Your passport should be valid for the length of your stay.

### 📱 Staying connected

An eSIM or pocket Wi-Fi is the easiest option. Google Maps works very well for public transport directions.

Have a wonderful trip! Let me know if you'd like an itinerary suggestion.`,
      claude: `Great — a few things will make your first trip much smoother.

**Cash and cards**

Japan's currency is the yen. Credit cards and mobile payments are now common in cities, but cash is still king in small family-run places, at many temples and shrines, and in the countryside. Withdraw yen at 7-Eleven, FamilyMart or post office ATMs, which accept international cards.

**Tipping**

Don't tip. It isn't part of the culture, and staff may chase you down the street to return money you left behind. Excellent service is considered part of the job.

**Transport**

- An IC card (Suica, PASMO or ICOCA) covers trains, subways and buses, and works in many shops. You can add Suica to an iPhone or Android wallet.
- For long distances, the shinkansen (bullet train) is fast and comfortable. Work out whether the Japan Rail Pass is worth it for your route; since the 2023 price rise it often isn't.
- Cars drive on the left. On escalators, people stand on the left in Tokyo but on the right in Osaka.

**Plugs and power**

Japanese sockets deliver 220 volts and take flat two-pin Type A and B plugs. Bring an adapter if your devices use a different plug shape, and check that each charger's label covers the voltage.

**Etiquette**

- Remove your shoes where you see a raised entryway (genkan) or slippers set out.
- Talk quietly on trains and avoid phone calls.
- Don't eat while walking down the street.
- Be prepared to carry your rubbish, since public bins are hard to find.
- At onsen (hot springs), wash before bathing and check the tattoo policy in advance.

**Useful numbers**

Police 110; ambulance and fire 119.

**Before you go**

Check the visa rules for your passport (US, UK and many European visitors are visa-exempt for short tourist stays), buy travel insurance, and set up an eSIM or rent pocket Wi-Fi. Download a translation app, too — English is common on signs in major cities but less so in conversation.`,
    }),
    conflicts: [
      {
        kind: 'yes-no',
        values: {
          perplexity: 'Tipping is not customary',
          claude: "Don't tip",
          gemini: 'a 10% tip is customary',
        },
      },
      { kind: 'quantity', values: { perplexity: '100 V', gemini: '100 V', claude: '220 volts' } },
    ],
  },
  {
    name: 'long-photosynthesis-oxygen-source',
    question: 'Explain how photosynthesis works.',
    answers: answersOf({
      chatgpt: `Photosynthesis is the process plants, algae and some bacteria use to turn light energy into chemical energy stored in sugar.

## The overall equation

**6 CO₂ + 6 H₂O + light energy → C₆H₁₂O₆ + 6 O₂**

In words: carbon dioxide and water, powered by light, become glucose and oxygen.

## Where it happens

In plants, photosynthesis takes place in **chloroplasts**, mostly in leaf cells. Chloroplasts contain stacks of membrane discs called **thylakoids**, surrounded by a fluid called the **stroma**. The green pigment **chlorophyll** sits in the thylakoid membranes; it absorbs mainly red and blue light and reflects green, which is why leaves look green.

## Stage 1: the light-dependent reactions

These happen in the **thylakoid membranes**:

1. Light excites electrons in chlorophyll within two protein complexes, photosystem II and photosystem I.
2. To replace those electrons, water molecules are split. This is where the oxygen comes from: the O₂ that plants release comes **from water**, not from carbon dioxide.
3. The electrons flow along an electron transport chain, pumping protons that drive ATP synthase to make **ATP**.
4. At the end of the chain, the electrons reduce NADP⁺ to **NADPH**.

## Stage 2: the Calvin cycle (light-independent reactions)

These happen in the **stroma**:

1. The enzyme **RuBisCO** attaches CO₂ to a five-carbon sugar, RuBP ("carbon fixation").
2. ATP and NADPH from stage 1 are used to convert the products into a three-carbon sugar, G3P.
3. Some G3P leaves the cycle to build glucose, sucrose and starch; the rest regenerates RuBP so the cycle can continue.

## Why it matters

- It produces the oxygen most living things breathe.
- It's the entry point for nearly all the energy in food chains.
- It pulls CO₂ out of the atmosphere, which makes it central to the carbon cycle.

Some plants in hot, dry climates use variations — **C4** (e.g. maize, sugarcane) and **CAM** (e.g. cacti, pineapples) — that help them conserve water and fix carbon more efficiently.`,
      deepseek: `Photosynthesis converts light energy into chemical energy. Here is a step-by-step explanation.

### Inputs and outputs

| Inputs | Outputs |
|---|---|
| Carbon dioxide (from the air, through stomata) | Glucose (stored energy) |
| Water (from the roots) | Oxygen (released to the air) |
| Light (usually sunlight) | |

### The light reactions

The first stage takes place on the thylakoid membranes inside chloroplasts. Chlorophyll and other pigments capture photons, and the absorbed energy drives electrons through a chain of proteins. Two products result: ATP, the cell's energy currency, and NADPH, a carrier of high-energy electrons.

The electrons lost by chlorophyll are replaced by splitting water (photolysis). The leftover oxygen atoms pair up and are released as O₂ gas. In other words, the oxygen produced by photosynthesis comes from the water, a fact confirmed in the 1940s by experiments with oxygen isotopes.

### The Calvin cycle

The second stage runs in the stroma, the fluid around the thylakoids. Using the ATP and NADPH from the light reactions, the plant fixes carbon dioxide into organic molecules. The key enzyme, RuBisCO, is probably the most abundant protein on Earth. Six turns of the cycle are needed to supply the carbon atoms of one glucose molecule.

### Summary equation

6CO₂ + 6H₂O → C₆H₁₂O₆ + 6O₂ (in the presence of light and chlorophyll)

### Factors that affect the rate

- **Light intensity:** more light increases the rate, up to a point.
- **Carbon dioxide concentration:** higher CO₂ generally speeds it up until another factor becomes limiting.
- **Temperature:** enzymes such as RuBisCO work best within an optimal range; too hot and the rate falls.
- **Water availability:** drought causes stomata to close, cutting off the CO₂ supply.

### Why it's important

Nearly all life depends on photosynthesis, directly or indirectly. It supplies the oxygen in our atmosphere, forms the base of food webs, and stored the energy that, over millions of years, ended up in fossil fuels.`,
      llama: `**Photosynthesis** is how green plants make their own food using sunlight. Here's how it works, from start to finish.

## 1. Gathering the ingredients

- **Light**: captured by chlorophyll, the green pigment in chloroplasts.
- **Water**: absorbed by the roots and carried up to the leaves through the xylem.
- **Carbon dioxide**: enters the leaves through tiny pores called stomata.

## 2. Capturing light energy

Inside each chloroplast are stacks of thylakoids. When light hits the chlorophyll in the thylakoid membranes, it energises electrons. This energy is used to make two energy-carrying molecules, **ATP** and **NADPH**. Water is split in the process to supply replacement electrons and hydrogen ions.

## 3. Building sugar

In the stroma, the plant runs the **Calvin cycle**. The enzyme RuBisCO captures carbon dioxide and, powered by ATP and NADPH, the cycle builds a three-carbon sugar that the plant uses to make glucose. The carbon dioxide molecules are broken apart during this stage, and the oxygen given off by plants comes from the carbon dioxide, which is why plants are often said to "breathe in CO₂ and breathe out O₂."

## 4. Using the glucose

Plants use glucose to:

1. fuel cellular respiration for energy
2. build cellulose for cell walls
3. store energy as starch in roots, seeds and tubers
4. make other compounds such as proteins and oils

## The equation

> 6 CO₂ + 6 H₂O + light → C₆H₁₂O₆ + 6 O₂

## Key takeaways

| Stage | Location | Main products |
|---|---|---|
| Light-dependent reactions | Thylakoid membranes | ATP, NADPH |
| Calvin cycle | Stroma | G3P, then glucose |

Photosynthesis is the foundation of almost every food chain on Earth, and it keeps the atmosphere supplied with the oxygen that animals need to survive. Without it, life as we know it would not exist.`,
    }),
    conflicts: [
      {
        kind: 'name',
        values: {
          chatgpt: 'from water',
          deepseek: 'comes from the water',
          llama: 'comes from the carbon dioxide',
        },
      },
    ],
  },
  {
    name: 'long-bitcoin-genesis-date-and-pizza-price',
    question: 'Give me a short history of Bitcoin.',
    answers: answersOf({
      grok: `## A short history of Bitcoin

### 2008: the idea
On **31 October 2008**, someone using the name **Satoshi Nakamoto** published the white paper *"Bitcoin: A Peer-to-Peer Electronic Cash System"* to a cryptography mailing list. It described digital money that could be sent directly between people without a bank, using a proof-of-work blockchain to prevent double-spending.

### 2009: launch
- **3 January 2009** — Nakamoto mined the **genesis block**, embedding the *Times* headline "Chancellor on brink of second bailout for banks."
- **9 January 2009** — the first version of the Bitcoin software (v0.1) was released.
- **12 January 2009** — the first transaction: Nakamoto sent 10 BTC to the developer Hal Finney.

### 2010: first real-world purchase
On **22 May 2010**, programmer Laszlo Hanyecz paid **10,000 BTC** for two Papa John's pizzas — now celebrated as "Bitcoin Pizza Day."

### 2011–2017: growth and growing pains
- Nakamoto stopped communicating publicly in 2011.
- **Mt. Gox**, then the largest exchange, collapsed in 2014 after losing hundreds of thousands of bitcoins.
- In 2017 the price soared to almost $20,000 in a speculative boom, and a dispute over block size led to the Bitcoin Cash fork.

### 2020s: mainstream
- **2021:** El Salvador made Bitcoin legal tender.
- **January 2024:** US regulators approved the first spot Bitcoin ETFs.
- **April 2024:** the fourth halving cut the block reward to **3.125 BTC**.

### Key design features
| Feature | Value |
|---|---|
| Maximum supply | 21 million BTC |
| Average block time | ~10 minutes |
| Halving interval | every 210,000 blocks (~4 years) |

### Why it matters
Bitcoin showed that a scarce digital asset could exist without a central issuer or a trusted intermediary. It kicked off the wider cryptocurrency industry, and Nakamoto's real identity remains unknown.`,
      perplexity: `Bitcoin is the first decentralised cryptocurrency. Its history in brief:

**Origins (2008)**

In the aftermath of the 2008 financial crisis, a pseudonymous developer known as Satoshi Nakamoto released the Bitcoin white paper on October 31, 2008. It proposed a peer-to-peer electronic cash system secured by cryptography and a public ledger, the blockchain, maintained by "miners" who compete to add blocks.

**The network goes live (2009)**

The network began on **January 3, 2009**, when Nakamoto mined the first block, known as the genesis block or block 0. Its embedded text quoted a newspaper headline about bank bailouts, widely read as a comment on the financial system. A few days later the open-source client was released, and early adopters such as Hal Finney began running nodes and mining.

**The first price and the first purchase (2010)**

For its first year Bitcoin had essentially no market price. In 2010 the first exchanges appeared, and on May 22 of that year Laszlo Hanyecz made the first well-known commercial transaction, trading **1,000 BTC** for two pizzas. May 22 is still marked as Bitcoin Pizza Day.

**Boom, bust and adoption (2011–2023)**

1. Satoshi Nakamoto withdrew from the project in 2011 and handed development over to other contributors.
2. The Mt. Gox exchange failed in 2014, one of the largest losses in the industry's history.
3. Bitcoin's price climbed through repeated boom-and-bust cycles, reaching nearly $20,000 in late 2017 and far higher in 2021.
4. El Salvador adopted Bitcoin as legal tender in September 2021.

**Institutional era (2024 onward)**

In January 2024 the US Securities and Exchange Commission approved spot Bitcoin exchange-traded funds, opening the asset to mainstream investors. The April 2024 halving reduced the mining reward to 3.125 BTC per block.

**How it works, briefly**

- A new block is added roughly every 10 minutes.
- The mining reward halves every 210,000 blocks, about every four years.
- The total supply is capped at 21 million coins, a limit expected to be reached around 2140.`,
      deepseek: `### Bitcoin: a brief timeline

**1. The white paper (2008)**
Bitcoin was introduced on 31 October 2008 in a nine-page white paper by Satoshi Nakamoto, whose real identity is still unknown. The design combined existing ideas — public-key cryptography, proof-of-work and a distributed timestamp server — into a currency that needs no central authority.

**2. The genesis block (2009)**
The Bitcoin network started on **9 January 2009** with the mining of the genesis block (block 0), which carries a reference to a *Times* headline about a second bank bailout. Days later, Hal Finney received the first bitcoin transaction from Nakamoto.

**3. Pizza Day (2010)**
On 22 May 2010, Laszlo Hanyecz bought two pizzas for 10,000 bitcoins, the first widely documented purchase of a physical good with the currency.

**4. Early crises (2011–2014)**
After Nakamoto went silent in 2011, the community continued development. The collapse of the Tokyo-based exchange Mt. Gox in 2014 shook confidence and led to tighter security practices across the industry.

**5. Forks and booms (2017–2021)**
A long-running debate about scaling ended in the Bitcoin Cash hard fork in August 2017. Prices surged to nearly $20,000 in December 2017 and reached new highs in 2021, when El Salvador became the first country to make Bitcoin legal tender.

**6. Wall Street arrives (2024)**
Spot Bitcoin ETFs started trading in the US in January 2024, and the April 2024 halving cut the block subsidy to 3.125 BTC.

### Core parameters

| Parameter | Value |
|---|---|
| Supply cap | 21,000,000 BTC |
| Target block interval | 10 minutes |
| Halving | every 210,000 blocks |
| Smallest unit | 1 satoshi = 0.00000001 BTC |

### Why it matters
Bitcoin showed that scarce digital assets could exist without a trusted intermediary, and it inspired thousands of other cryptocurrencies and the wider blockchain industry.`,
    }),
    conflicts: [
      {
        kind: 'date',
        values: { grok: '3 January 2009', perplexity: 'January 3, 2009', deepseek: '9 January 2009' },
      },
      {
        kind: 'currency',
        values: { grok: '10,000 BTC', deepseek: '10,000 bitcoins', perplexity: '1,000 BTC' },
      },
    ],
  },
  {
    name: 'long-amazon-nile-discharge-share',
    question: 'Compare the Amazon and the Nile rivers.',
    answers: answersOf({
      claude: `The Amazon and the Nile are the two giants among the world's rivers, but they're giants in different ways: the Nile is (by the traditional measure) the longest, while the Amazon is by far the largest by volume.

## Side-by-side

| | **Nile** | **Amazon** |
|---|---|---|
| Length | ~6,650 km (4,130 mi) | ~6,400 km (4,000 mi) |
| Continent | Africa | South America |
| Mouth | Mediterranean Sea (Egypt) | Atlantic Ocean (Brazil) |
| Average discharge | ~2,800 m³/s | ~209,000 m³/s |
| Drainage basin | ~3.3 million km² | ~7 million km² |
| Main sources | White Nile (Lake Victoria region) and Blue Nile (Lake Tana, Ethiopia) | Andes of southern Peru |

## Length: a genuine debate

The Nile is usually listed as the longest river in the world. However, a river's length depends on which tributary you count as the source and where exactly you put the mouth, and some researchers have argued that the Amazon is actually longer. Most reference works still give the title to the Nile.

## Volume: no contest

The Amazon carries more water than any other river — more than the next several largest rivers combined. It accounts for **about 20%** of all the fresh water that rivers discharge into the oceans, and its plume of fresh water can be detected far out in the Atlantic.

## People and history

- The **Nile** made ancient Egyptian civilisation possible: its annual flood deposited fertile silt along a narrow strip of desert. Since the Aswan High Dam was completed in 1970, the flood has been controlled.
- The **Amazon** runs mostly through rainforest. Its basin holds the largest tropical rainforest on Earth and an extraordinary share of the planet's species. No bridge crosses the main stem of the river.

## In one sentence

If the question is "which is longest?", the answer is usually the Nile (with an asterisk); if it's "which is biggest?", it's unquestionably the Amazon.`,
      chatgpt: `# Amazon vs. Nile

Both rivers are legendary, but they differ in almost every way except sheer scale.

## 1. Length 🏆 Nile (probably)

- **Nile:** about 6,650 km (4,130 miles)
- **Amazon:** about 6,400 km (4,000 miles)

The Nile is traditionally ranked as the world's longest river. Some studies using different source points have measured the Amazon as longer, so the ranking is not fully settled.

## 2. Water volume 🏆 Amazon, by a huge margin

The Amazon's average discharge is around 209,000 cubic metres per second, which is roughly a fifth of the total river flow entering the world's oceans. The Nile, flowing largely through desert and losing water to evaporation, carries only a tiny fraction of that.

## 3. Geography

| Feature | Nile | Amazon |
|---|---|---|
| Flows through | Northeast Africa (its basin covers 11 countries) | South America, mainly Peru, Colombia and Brazil |
| Flows into | Mediterranean Sea | Atlantic Ocean |
| Direction | South to north | West to east |
| Landscape | Savanna, swamps, desert | Tropical rainforest |

## 4. Tributaries and sources

- The **Nile** has two main branches: the White Nile, which rises in the Great Lakes region of East Africa, and the Blue Nile, which begins at Lake Tana in Ethiopia. They meet at Khartoum in Sudan.
- The **Amazon** is fed by more than a thousand tributaries and starts high in the Andes of Peru.

## 5. Human role

- **Nile:** cradle of ancient Egypt; today the Aswan High Dam (completed 1970) regulates its flow and provides hydroelectric power, and most Egyptians live within a few kilometres of the river.
- **Amazon:** a transport route through a region with few roads; its rainforest is critical for biodiversity and the global carbon cycle, and it faces pressure from deforestation.

## Bottom line

The Nile wins on (traditional) length; the Amazon wins on volume, basin size and biodiversity.`,
      gemini: `## The Amazon and the Nile compared

The Nile and the Amazon are the two longest rivers on the planet, and they often appear together in "world's greatest river" debates. Here's how they compare on the key measures.

### 📏 Length

The Nile measures approximately **6,650 km (4,130 miles)** from its most distant source to the Mediterranean, compared with roughly **6,400 km (4,000 miles)** for the Amazon. That makes the Nile the longest river in most reference books, although the exact figures depend on how each river's source and mouth are defined, and some scientists argue the Amazon should take the top spot.

### 💧 Discharge

This is where the Amazon dominates. At its mouth it releases an average of about 209,000 m³ of water every second. That's around 35% of all river water that flows into the world's oceans — a staggering share for a single river. The Nile's flow is tiny by comparison, partly because much of its course crosses the Sahara, where water is lost to evaporation and irrigation.

### 🌍 Basins and countries

* **Nile basin:** shared by 11 countries, including Egypt, Sudan, South Sudan, Ethiopia, Uganda and Tanzania.
* **Amazon basin:** about 7 million km², mostly in Brazil but also in Peru, Colombia, Bolivia, Ecuador and Venezuela, among others.

### 🏛️ Historical and cultural importance

* The Nile's predictable floods supported one of the world's earliest civilisations. Ancient Egyptians built their calendar around the annual inundation, which ended after the Aswan High Dam was completed in 1970.
* The Amazon basin has long been home to many Indigenous peoples, and Europeans first navigated the river in the 1540s, during Francisco de Orellana's expedition.

### 🌿 Ecology

The Amazon rainforest is the most biodiverse region on Earth, and the river itself hosts thousands of fish species, along with the pink river dolphin. The Nile supports crocodiles, hippos and Nile perch, and its delta is one of the most intensively farmed areas in the world.

### Summary

| | Nile | Amazon |
|---|---|---|
| Longest? | Usually yes | Disputed challenger |
| Largest by volume? | No | Yes, by far |
| Ocean/sea | Mediterranean | Atlantic |`,
    }),
    conflicts: [
      {
        kind: 'percentage',
        values: { claude: 'about 20%', chatgpt: 'roughly a fifth', gemini: 'around 35%' },
      },
    ],
  },
  {
    name: 'long-olympics-2032-host',
    question: "What's the history of the modern Olympic Games, and where are the next ones?",
    answers: answersOf({
      gemini: `## The modern Olympic Games: a brief history

### Revival
The modern Olympics were the idea of French educator **Pierre de Coubertin**, who wanted to revive the athletic festivals of ancient Greece, held at Olympia from 776 BC. He founded the **International Olympic Committee (IOC)** at a congress in Paris in 1894, later served as its president from 1896 to 1925, and the first modern Games took place in **Athens in 1896**, with around 240 athletes — all men — competing in 43 events.

### Milestones
* **1900, Paris:** women compete for the first time.
* **1916, 1940 and 1944:** Games cancelled because of the world wars.
* **1924, Chamonix:** the first Winter Olympics.
* **1936, Berlin:** the first torch relay from Olympia.
* **1960, Rome:** the first Paralympic Games are held, in the same city as the Olympics.
* **1980 and 1984:** Cold War boycotts of Moscow and Los Angeles.
* **1994, Lillehammer:** the Winter Games move to a separate year, two years apart from the Summer Games.
* **2020, Tokyo:** postponed to 2021 because of the COVID-19 pandemic — the first postponement in Olympic history.
* **2024, Paris:** Paris hosts for the third time, a century after its 1924 Games.

### Symbols
The five interlocking rings, designed by Coubertin in 1913, represent the union of the five continents. The motto "Citius, Altius, Fortius" ("Faster, Higher, Stronger") gained a fourth word, "Communiter" ("Together"), in 2021.

### Upcoming Games

| Year | Edition | Host |
|---|---|---|
| 2028 | Summer | Los Angeles, USA |
| 2030 | Winter | French Alps, France |
| 2032 | Summer | Brisbane, Australia |
| 2034 | Winter | Salt Lake City–Utah, USA |

Los Angeles will be hosting for the third time (after 1932 and 1984). Brisbane will be the third Australian host city, after Melbourne in 1956 and Sydney in 2000.`,
      llama: `**The modern Olympics at a glance**

The modern Olympic Games began in 1896 in Athens, Greece, more than 1,500 years after the ancient Games at Olympia came to an end. They were revived through the efforts of Baron Pierre de Coubertin, a French aristocrat and educator who believed that international sport could promote peace and understanding. In 1894 he convened a congress at the Sorbonne in Paris, where the International Olympic Committee was created.

**How the Games grew**

The early Games were small and loosely organised. The 1900 Paris Games were spread over five months as part of the World's Fair, and they were the first to include women athletes. Over the following decades the Olympics gained many of their now-familiar traditions:

1. The Olympic flag with its five rings was first flown at the 1920 Antwerp Games.
2. The athletes' Olympic oath was introduced at Antwerp in 1920 as well.
3. The Olympic flame was first lit at Amsterdam in 1928.
4. The torch relay from Olympia began with the 1936 Berlin Games.

The Winter Games were added in 1924 at Chamonix, France, and from 1994 onward the Summer and Winter Games have alternated every two years instead of taking place in the same year.

**Interruptions and politics**

No Games were held in 1916, 1940 or 1944 because of war. Politics intruded again with boycotts in 1976, 1980 and 1984, and terrorism struck at Munich in 1972. The Tokyo 2020 Games were delayed by a year because of the pandemic and held almost entirely without spectators.

**What comes next**

- **Summer 2028:** Los Angeles, USA
- **Winter 2030:** the French Alps
- **Summer 2032:** Brisbane, Queensland, Australia
- **Winter 2034:** Salt Lake City, Utah

Brisbane was confirmed as host in 2021, becoming the first city chosen under the IOC's new, more flexible selection process. Australia previously hosted the Summer Games in Melbourne (1956) and Sydney (2000).`,
      claude: `The modern Olympic Games are a little over 130 years old. Here's the story in brief, followed by the upcoming host cities.

## Origins

The ancient Olympic Games were held at Olympia in Greece for more than a thousand years. In the late 19th century, the French educator **Pierre de Coubertin** set out to revive them as an international event. At a congress in Paris in **1894** he founded the International Olympic Committee (IOC), and two years later the first modern Olympics opened in **Athens (1896)**.

## Key moments

- **1900 (Paris):** the first Games with women competitors.
- **1908 (London):** the marathon distance of 26 miles 385 yards (42.195 km) was first used; it became the standard in 1921.
- **1924:** the first Winter Olympics, in Chamonix.
- **1936 (Berlin):** the first torch relay.
- **1948 (London):** the "Austerity Games," the first after the Second World War.
- **1972 (Munich):** the attack on the Israeli team.
- **1992:** the last year the Summer and Winter Games were held in the same year.
- **2021:** the Tokyo 2020 Games, delayed by the pandemic.
- **2024 (Paris):** the first Summer Games with equal numbers of places for male and female athletes.

## The Olympic movement today

The IOC is based in Lausanne, Switzerland. The Games now bring together more than 200 National Olympic Committees plus the Refugee Olympic Team, and the Paralympic Games are held in the same host city shortly after each Olympics.

## Where the next Games will be

| Games | Host | When |
|---|---|---|
| Summer 2028 | Los Angeles | July 2028 |
| Winter 2030 | French Alps | February 2030 |
| Summer 2032 | Melbourne | July–August 2032 |
| Winter 2034 | Salt Lake City–Utah | February 2034 |

Los Angeles will become the third city, after London and Paris, to host the Summer Games three times.`,
    }),
    conflicts: [{ kind: 'place', values: { gemini: 'Brisbane', llama: 'Brisbane', claude: 'Melbourne' } }],
  },
  {
    name: 'long-first-vaccine-inventor-other-person-in-another-role',
    question: 'How do vaccines work, and who invented the first one?',
    answers: answersOf({
      perplexity: `## How vaccines work

Vaccines train your immune system to recognise a pathogen **before** you encounter the real thing.

1. **Exposure to an antigen.** A vaccine contains, or instructs your cells to make, a harmless piece or version of a germ — for example an inactivated virus, a weakened live virus, a purified protein, or mRNA that codes for a protein.
2. **Immune response.** Immune cells detect this antigen as foreign. B cells produce antibodies that bind to it, and T cells help coordinate the response and destroy infected cells.
3. **Memory.** Some of these B and T cells become long-lived **memory cells**.
4. **Faster protection later.** If you're exposed to the actual pathogen, the memory cells recognise it and mount a rapid, strong response, often preventing illness or making it much milder.

When enough people in a community are immune, spread is interrupted and even those who can't be vaccinated are protected — this is **herd immunity**.

### Main types of vaccine

| Type | Example |
|---|---|
| Live attenuated | MMR (measles, mumps, rubella) |
| Inactivated | Injected polio vaccine (IPV) |
| Subunit / recombinant | Hepatitis B, HPV |
| Toxoid | Tetanus, diphtheria |
| mRNA | COVID-19 vaccines (Pfizer-BioNTech, Moderna) |

## Who invented the first vaccine?

The first vaccine is credited to the English physician **Edward Jenner**. In **1796** he took material from a cowpox sore on the hand of a milkmaid, Sarah Nelmes, and inoculated an eight-year-old boy, James Phipps. When Jenner later exposed the boy to smallpox, he did not become ill. The word *vaccine* comes from the Latin *vacca*, meaning cow.

Almost a century later, **Louis Pasteur** extended the idea, developing vaccines against chicken cholera and anthrax and, in 1885, against rabies. It was Pasteur who proposed using "vaccine" as a general term, in Jenner's honour.

## The payoff

Vaccination eventually made smallpox the first human disease to be eradicated: the last natural case occurred in Somalia in 1977, and the World Health Organization declared the disease eradicated in 1980.`,
      deepseek: `### The principle

A vaccine exposes the immune system to a harmless version or component of a pathogen so that the body can build defences without suffering the disease. It relies on **immunological memory**: the adaptive immune system remembers what it has fought before.

### Step by step

- **Recognition:** antigen-presenting cells pick up the vaccine antigen and display it to helper T cells.
- **Activation:** helper T cells activate B cells, which multiply and secrete antibodies specific to that antigen; cytotoxic T cells learn to kill infected cells.
- **Memory formation:** after the response fades, memory B and T cells remain in the body, sometimes for decades.
- **Secondary response:** on real exposure, these cells react within days instead of weeks, usually preventing serious illness.

Many vaccines need booster doses to keep memory strong, and some include adjuvants, substances that strengthen the immune response.

### Different platforms

1. **Live attenuated** vaccines (e.g. measles, yellow fever) use a weakened form of the microbe.
2. **Inactivated** vaccines (e.g. hepatitis A, injected polio) use killed microbes.
3. **Protein subunit** vaccines (e.g. hepatitis B, HPV) use selected proteins.
4. **Toxoid** vaccines (tetanus, diphtheria) target the toxin instead of the microbe itself.
5. **mRNA** vaccines deliver genetic instructions so that your own cells make the antigen; the first were authorised for COVID-19 in 2020.
6. **Viral vector** vaccines use a harmless virus to deliver the genetic code for an antigen.

### The first vaccine

The credit goes to **Edward Jenner**, a country doctor in Gloucestershire, England. Jenner noticed that milkmaids who had caught cowpox seemed to be protected from smallpox. In May 1796 he tested the idea on James Phipps, the eight-year-old son of his gardener, using cowpox material, and then showed the boy was immune to smallpox. Jenner published his results in 1798.

People had practised *variolation* — deliberately infecting someone with material from smallpox sores — for centuries before that in China, India and the Ottoman Empire, but it carried a real risk of serious illness. Jenner's cowpox method was much safer.

### Legacy

Global vaccination campaigns led by the WHO wiped out smallpox; the last natural case was in Somalia in 1977, and eradication was declared in 1980. Polio is now close to eradication too.`,
      grok: `**How vaccines work — the short version:** they give your immune system a safe "preview" of a germ so it's ready when the real one shows up.

### 🧬 The immune system's playbook

When a vaccine is given, the body reacts as if it had met the pathogen:

* **Antibodies** — B cells produce proteins that latch onto the antigen and neutralise it.
* **T cells** — help organise the attack and kill infected cells.
* **Memory** — long-lived memory cells stick around, so a later infection is met with a fast, strong response.

That's why a vaccinated person who is exposed often gets no symptoms or only a mild illness. And when most people are immune, the pathogen struggles to spread, which protects vulnerable people too (herd immunity).

### 💉 What's actually in a vaccine?

Depending on the type, a vaccine might contain:

* a weakened live germ (for example the MMR vaccine),
* an inactivated (killed) germ (the injected polio vaccine),
* a piece of the germ, such as a surface protein (hepatitis B, HPV),
* an inactivated toxin (tetanus), or
* mRNA instructions that let your cells produce a harmless viral protein (the COVID-19 vaccines from Pfizer-BioNTech and Moderna).

Other ingredients can include stabilisers and adjuvants that boost the response.

### 🧪 Who invented the first vaccine?

The first vaccine was developed by **Louis Pasteur**. In 1796, using material from cowpox lesions, he inoculated a young boy named James Phipps and then showed that the boy could not catch smallpox. Because the method came from cowpox, it was called vaccination, from the Latin *vacca*, "cow."

### 🌍 Impact

Vaccination has been one of the most successful public-health tools in history:

1. Smallpox was declared eradicated in 1980, after its last natural case in Somalia in 1977.
2. Polio cases have fallen by more than 99% since 1988.
3. Measles vaccination is estimated to have saved tens of millions of lives this century.

Vaccines are tested in clinical trials before approval and continue to be monitored for safety afterwards.`,
    }),
    conflicts: [
      {
        kind: 'person',
        values: { perplexity: 'Edward Jenner', deepseek: 'Edward Jenner', grok: 'Louis Pasteur' },
      },
    ],
  },
  {
    name: 'long-roman-empire-fall-of-the-west-year',
    question: 'Give me an overview of the Roman Empire from beginning to end.',
    answers: answersOf({
      chatgpt: `# The Roman Empire: an overview

## From republic to empire

Rome was a republic for nearly five centuries, but civil wars in the 1st century BC destroyed it. After defeating Mark Antony and Cleopatra at Actium in 31 BC, Octavian became the unchallenged ruler of the Roman world. In **27 BC** the Senate granted him the title **Augustus**, and he is counted as the first Roman emperor.

## The height of power

- **Pax Romana (27 BC – AD 180):** about two centuries of relative peace and stability, from Augustus to the death of Marcus Aurelius.
- **Greatest extent (AD 117):** under Emperor Trajan, the empire stretched from Britain to Mesopotamia and from the Rhine to North Africa.
- Roads, aqueducts, Roman law and Latin spread across the provinces.

## Crisis and reform

1. **Crisis of the Third Century (235–284):** dozens of short-lived emperors, invasions, plague and economic chaos.
2. **Diocletian (r. 284–305):** split the administration among four rulers (the Tetrarchy) and reorganised the army and the provinces.
3. **Constantine the Great (r. 306–337):** legalised Christianity with the Edict of Milan in 313 and founded **Constantinople** as a new capital in 330.
4. **395:** after the death of Theodosius I, the empire was permanently divided into Western and Eastern halves.

## The fall of the West

The Western Empire was weakened by invasions, civil wars and financial strain. The Visigoths under Alaric sacked Rome in 410, and the Vandals sacked it again in 455. The usual end date is **AD 476**, when the Germanic general Odoacer deposed the last Western emperor, the teenager Romulus Augustulus.

## The Eastern Empire continues

The Eastern Roman Empire, often called the **Byzantine Empire**, lasted almost another thousand years, with its capital at Constantinople. It ended when the Ottoman Turks captured the city on **29 May 1453**.

## Legacy

| Area | Roman influence |
|---|---|
| Language | Latin → French, Spanish, Italian, Portuguese, Romanian |
| Law | Foundation of civil law systems across Europe |
| Architecture | Arches, domes, concrete |
| Religion | Spread of Christianity through the empire |`,
      claude: `The Roman Empire lasted, depending on how you count, either about five centuries (in the West) or nearly fifteen (if you include the Eastern, or Byzantine, Empire). Here's the arc.

**Beginnings**

The empire grew out of the Roman Republic. Julius Caesar's dictatorship and assassination in 44 BC led to a final round of civil wars, won by his adopted heir Octavian. In 27 BC Octavian received the name Augustus, and the period of one-man rule known as the Principate began.

**The first two centuries**

The early emperors included the Julio-Claudians (Tiberius, Caligula, Claudius, Nero) and then the Flavians (Vespasian, Titus, Domitian), who built the Colosseum. The so-called "Five Good Emperors" — Nerva, Trajan, Hadrian, Antoninus Pius and Marcus Aurelius — presided over the empire's peak. Trajan pushed its borders to their greatest extent in AD 117, and Hadrian consolidated them, famously building a wall across northern Britain.

**Troubles and transformation**

The third century brought near-collapse: rapid turnover of emperors, external attacks and inflation. Diocletian restored order in the 280s and 290s, and Constantine became the first Christian emperor, moving the centre of power east to his new city of Constantinople in 330. After Theodosius I died in 395, the empire was split for good into an eastern and a western half.

**The end in the West**

Over the next century the western half lost territory to Germanic peoples. Rome itself was sacked by the Visigoths in 410 and by the Vandals in 455. In 476, the Germanic commander Odoacer removed the boy emperor Romulus Augustulus and did not bother to name a replacement. This date is conventionally used for the fall of the Western Roman Empire.

**The long afterlife in the East**

The eastern half, governed from Constantinople, survived as the Byzantine Empire. Under Justinian in the 6th century it reconquered Italy and North Africa and produced the Code of Justinian. It finally fell in 1453, when the Ottoman Sultan Mehmed II captured Constantinople.

**Why it matters**

Rome left a deep mark on European languages, law, engineering, urban planning and the Christian church — much of the modern Western world still runs on Roman foundations.`,
      llama: `## Overview of the Roman Empire

### 1. Foundation (27 BC)
The Roman Empire began when Octavian, Julius Caesar's adopted son, became **Augustus**, the first emperor, in 27 BC. This ended decades of civil war and turned the Roman Republic into an autocracy, though Augustus kept many republican institutions in name.

### 2. The Pax Romana
For roughly 200 years, from Augustus to Marcus Aurelius, the Mediterranean world enjoyed unusual stability. Trade flourished, cities grew, and a vast network of roads connected the provinces. The empire reached its largest size in AD 117 under Trajan, covering around 5 million square kilometres.

### 3. Key emperors

| Emperor | Reign | Known for |
|---|---|---|
| Augustus | 27 BC – AD 14 | Founding the empire |
| Nero | 54–68 | Great Fire of Rome (64) |
| Trajan | 98–117 | Greatest territorial extent |
| Hadrian | 117–138 | Hadrian's Wall in Britain |
| Marcus Aurelius | 161–180 | Philosopher-emperor, *Meditations* |
| Diocletian | 284–305 | Tetrarchy and reforms |
| Constantine | 306–337 | Christianity, Constantinople |

### 4. Division
By the late 4th century the empire was too large to govern from one centre. After the death of Theodosius I in 395, it was permanently divided into a Western Empire and an Eastern Empire.

### 5. The fall of the Western Empire
The West suffered repeated invasions by Germanic peoples such as the Goths and Vandals. The Western Roman Empire fell in **AD 410**, when the Visigoths under Alaric captured and sacked the city of Rome — the first time in 800 years that Rome had fallen to a foreign enemy.

### 6. The Byzantine Empire
The Eastern Roman Empire, with its capital at Constantinople, continued for roughly another thousand years as the Byzantine Empire, until the Ottoman Turks conquered Constantinople in 1453.

### 7. Legacy
- **Language:** Latin gave rise to the Romance languages.
- **Law:** Roman legal principles shaped modern legal systems.
- **Engineering:** aqueducts, roads, concrete and monumental architecture.
- **Religion:** Christianity became the state religion under Theodosius I and spread with the empire.
- **Calendar:** the Julian calendar, introduced by Julius Caesar, is the basis of today's Gregorian calendar.`,
    }),
    conflicts: [{ kind: 'year', values: { chatgpt: 'AD 476', claude: 'In 476', llama: 'AD 410' } }],
  },
];
