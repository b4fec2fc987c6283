"""The bundled placement map: every location named in 27.4 and 27.92.

Each location stands for a region of hexes around the named place (a city, an
island, a mapboard box). The map gives who owns it at the start of a campaign,
which country it belongs to (the unit of the home-country rules, 27.42 and
27.47), whether it is a port, whether it is a supply source for a power, and the
links along which supply is traced (27.43). A scenario overrides the state of any
location (control, enemy ZoC, recapture, stacking room) and may cut links.

Stacking room defaults to unlimited because each location stands for several
hexes; a scenario sets `ground_capacity` or `air_capacity` on a site to apply
27.46 where it binds.
"""

from __future__ import annotations

from typing import NamedTuple

from models.tables import Dominion, Power


class Country:
    """Country codes of the map (the areas the placement rules name)."""

    GERMANY = "germany"
    EAST_PRUSSIA = "east_prussia"  # 27.42 A: integral part of Germany
    ITALY = "italy"
    SICILY = "sicily"  # 27.42 B: integral part of Italy
    SARDINIA = "sardinia"  # 27.42 B: Italy may not build there
    JAPAN = "japan"  # 27.42 C: Kyushu, Shikoku, Honshu, Hokkaido
    KARAFUTO = "karafuto"
    KURILES = "kuriles"
    OKINAWA = "okinawa"
    KOREA = "korea"  # 27.471
    MANCHURIA = "manchuria"  # 27.471, 27.42 H
    BRITAIN = "britain"
    ULSTER = "ulster"  # 27.42 D: integral part of Britain
    FRANCE = "france"
    CORSICA = "corsica"  # 27.42 E: France may not build there
    ALGERIA = "algeria"  # French colonies (27.477)
    TUNISIA = "tunisia"
    SYRIA = "syria"
    RUSSIA = "russia"
    EASTERN_EUROPE = "eastern_europe"  # 27.42 F
    URALS_BOX = "urals_box"  # 27.42 F, 27.43 B
    SIBERIA = "siberia"  # 27.476
    MONGOLIA = "mongolia"  # 27.476: never
    TANNU_TUVA = "tannu_tuva"  # 27.476: never
    US_ATLANTIC_BOX = "us_atlantic_box"  # 27.42 G
    US_PACIFIC_BOX = "us_pacific_box"
    CHINA = "china"
    CANADA = Dominion.CANADA.value
    SOUTH_AFRICA = Dominion.SOUTH_AFRICA.value
    AUSTRALIA = Dominion.AUSTRALIA.value
    INDIA = Dominion.INDIA.value
    SW_BOX = "sw_box"  # 27.92


# 27.94 A: the countries of Europe, from which new SW units redeploy to the Atlantic (as from the Atlantic
# U.S. box, and from Canada, an Atlantic base of 25.31 A [reading]).
EUROPEAN_COUNTRIES = frozenset(
    {
        Country.GERMANY,
        Country.EAST_PRUSSIA,
        Country.ITALY,
        Country.SICILY,
        Country.SARDINIA,
        Country.BRITAIN,
        Country.ULSTER,
        Country.FRANCE,
        Country.CORSICA,
        Country.RUSSIA,
        Country.EASTERN_EUROPE,
    }
)

# 27.42: the home country of each major power, as countries of this map.
HOME_COUNTRIES: dict[Power, frozenset[str]] = {
    Power.GERMANY: frozenset({Country.GERMANY, Country.EAST_PRUSSIA}),
    Power.ITALY: frozenset({Country.ITALY, Country.SICILY}),
    Power.JAPAN: frozenset({Country.JAPAN}),
    Power.BRITAIN: frozenset({Country.BRITAIN, Country.ULSTER}),
    Power.FRANCE: frozenset({Country.FRANCE}),
    Power.RUSSIA: frozenset({Country.RUSSIA}),
    Power.USA: frozenset({Country.US_ATLANTIC_BOX, Country.US_PACIFIC_BOX}),
    Power.CHINA: frozenset({Country.CHINA}),
}

# 27.471: Japan's infantry outside its home country.
JAPAN_OUTSIDE_HOME_COUNTRIES: frozenset[str] = frozenset({Country.KOREA, Country.MANCHURIA})
FRENCH_COLONIES: frozenset[str] = frozenset({Country.ALGERIA, Country.TUNISIA, Country.SYRIA})


class Site(NamedTuple):
    """A location of the bundled map."""

    id: str
    name: str
    country: str
    owner: Power | None  # controller at the start of the campaign; None for SW boxes
    port: bool = False
    box: bool = False
    supply_source: bool = False  # an unlimited supply source of its owner (27.43)


G, I, J, B, F, R, U, C = (
    Power.GERMANY,
    Power.ITALY,
    Power.JAPAN,
    Power.BRITAIN,
    Power.FRANCE,
    Power.RUSSIA,
    Power.USA,
    Power.CHINA,
)

SITES: tuple[Site, ...] = (
    # Germany (27.42 A)
    Site("berlin", "Berlin", Country.GERMANY, G, supply_source=True),
    Site("hamburg", "Hamburg", Country.GERMANY, G, port=True),
    Site("kiel", "Kiel", Country.GERMANY, G, port=True),
    Site("ruhr", "Ruhr (Essen)", Country.GERMANY, G, supply_source=True),
    Site("munich", "Munich", Country.GERMANY, G),
    Site("breslau", "Breslau", Country.GERMANY, G),
    Site("konigsberg", "Konigsberg", Country.EAST_PRUSSIA, G, port=True),
    # Italy (27.42 B)
    Site("rome", "Rome", Country.ITALY, I, supply_source=True),
    Site("milan", "Milan", Country.ITALY, I, supply_source=True),
    Site("turin", "Turin", Country.ITALY, I),
    Site("genoa", "Genoa", Country.ITALY, I, port=True),
    Site("trieste", "Trieste", Country.ITALY, I, port=True),
    Site("naples", "Naples", Country.ITALY, I, port=True),
    Site("taranto", "Taranto", Country.ITALY, I, port=True),
    Site("palermo", "Palermo", Country.SICILY, I, port=True),
    Site("messina", "Messina", Country.SICILY, I, port=True),
    Site("cagliari", "Cagliari", Country.SARDINIA, I, port=True),
    # France (27.42 E, 27.477)
    Site("paris", "Paris", Country.FRANCE, F, supply_source=True),
    Site("lille", "Lille", Country.FRANCE, F),
    Site("metz", "Metz", Country.FRANCE, F),
    Site("lyon", "Lyon", Country.FRANCE, F),
    Site("brest", "Brest", Country.FRANCE, F, port=True),
    Site("lorient", "Lorient", Country.FRANCE, F, port=True),
    Site("bordeaux", "Bordeaux", Country.FRANCE, F, port=True),
    Site("marseilles", "Marseilles", Country.FRANCE, F, port=True),
    Site("ajaccio", "Ajaccio", Country.CORSICA, F, port=True),
    Site("algiers", "Algiers", Country.ALGERIA, F, port=True, supply_source=True),
    Site("tunis", "Tunis", Country.TUNISIA, F, port=True),
    Site("beirut", "Beirut", Country.SYRIA, F, port=True, supply_source=True),
    # Britain (27.42 D) and the Commonwealth (27.472-27.475)
    Site("london", "London", Country.BRITAIN, B, port=True, supply_source=True),
    Site("birmingham", "Birmingham", Country.BRITAIN, B),
    Site("portsmouth", "Portsmouth", Country.BRITAIN, B, port=True),
    Site("liverpool", "Liverpool", Country.BRITAIN, B, port=True),
    Site("glasgow", "Glasgow", Country.BRITAIN, B, port=True),
    Site("belfast", "Belfast", Country.ULSTER, B, port=True),
    Site("canada_box", "Canada box", Country.CANADA, B, port=True, box=True, supply_source=True),
    Site(
        "south_africa_box",
        "South Africa box",
        Country.SOUTH_AFRICA,
        B,
        port=True,
        box=True,
        supply_source=True,
    ),
    Site("india_box", "India box", Country.INDIA, B, port=True, box=True, supply_source=True),
    Site("calcutta", "Calcutta", Country.INDIA, B, port=True),
    Site("imphal", "Imphal", Country.INDIA, B),
    Site("australia_box", "Australia box", Country.AUSTRALIA, B, port=True, box=True, supply_source=True),
    Site("darwin", "Darwin", Country.AUSTRALIA, B, port=True),
    Site("cairns", "Cairns", Country.AUSTRALIA, B, port=True),
    # Russia (27.42 F, 27.43 B, 27.476)
    Site("moscow", "Moscow", Country.RUSSIA, R),
    Site("leningrad", "Leningrad", Country.RUSSIA, R, port=True),
    Site("murmansk", "Murmansk", Country.RUSSIA, R, port=True),
    Site("archangel", "Archangel", Country.RUSSIA, R, port=True),
    Site("vologda", "Vologda", Country.RUSSIA, R),
    Site("gorky", "Gorky", Country.RUSSIA, R),
    Site("kharkov", "Kharkov", Country.RUSSIA, R),
    Site("rostov", "Rostov", Country.RUSSIA, R),
    Site("stalingrad", "Stalingrad", Country.RUSSIA, R),
    Site("sevastopol", "Sevastopol", Country.RUSSIA, R, port=True),
    Site("baku", "Baku", Country.RUSSIA, R),
    Site("lvov", "Lvov", Country.EASTERN_EUROPE, R),
    Site("urals_box", "Urals box", Country.URALS_BOX, R, box=True, supply_source=True),
    Site("chita", "Chita", Country.SIBERIA, R),
    Site("khabarovsk", "Khabarovsk", Country.SIBERIA, R),
    Site("vladivostok", "Vladivostok", Country.SIBERIA, R, port=True),
    Site("ulan_bator", "Ulan Bator", Country.MONGOLIA, R),
    Site("kyzyl", "Kyzyl", Country.TANNU_TUVA, R),
    # Japan (27.42 C, 27.471)
    Site("tokyo", "Tokyo", Country.JAPAN, J, port=True, supply_source=True),
    Site("osaka", "Osaka", Country.JAPAN, J, port=True),
    Site("kure", "Kure", Country.JAPAN, J, port=True),
    Site("sasebo", "Sasebo (Kyushu)", Country.JAPAN, J, port=True),
    Site("matsuyama", "Matsuyama (Shikoku)", Country.JAPAN, J, port=True),
    Site("sapporo", "Sapporo (Hokkaido)", Country.JAPAN, J, port=True),
    Site("toyohara", "Toyohara (Karafuto)", Country.KARAFUTO, J, port=True),
    Site("paramushiro", "Paramushiro (Kuriles)", Country.KURILES, J, port=True),
    Site("naha", "Naha (Okinawa)", Country.OKINAWA, J, port=True),
    Site("seoul", "Seoul", Country.KOREA, J),
    Site("pusan", "Pusan", Country.KOREA, J, port=True),
    Site("mukden", "Mukden", Country.MANCHURIA, J),
    Site("harbin", "Harbin", Country.MANCHURIA, J),
    # United States (27.42 G)
    Site(
        "us_atlantic_box",
        "U.S. Atlantic box",
        Country.US_ATLANTIC_BOX,
        U,
        port=True,
        box=True,
        supply_source=True,
    ),
    Site(
        "us_pacific_box",
        "U.S. Pacific box",
        Country.US_PACIFIC_BOX,
        U,
        port=True,
        box=True,
        supply_source=True,
    ),
    # China (27.42 H)
    Site("chungking", "Chungking", Country.CHINA, C, supply_source=True),
    Site("kunming", "Kunming", Country.CHINA, C),
    Site("sian", "Sian", Country.CHINA, C),
    Site("yenan", "Yenan", Country.CHINA, C, supply_source=True),
    Site("changsha", "Changsha", Country.CHINA, C),
    # SW boxes (27.92): strategic bombers and interceptors
    Site("atlantic_sw_box", "Atlantic SW box", Country.SW_BOX, None, box=True),
    Site("pacific_sw_box", "Pacific SW box", Country.SW_BOX, None, box=True),
)

# Supply links (27.43), undirected. Sea links join ports across a narrow sea.
LINKS: tuple[tuple[str, str], ...] = (
    ("berlin", "hamburg"),
    ("berlin", "kiel"),
    ("berlin", "ruhr"),
    ("berlin", "munich"),
    ("berlin", "breslau"),
    ("berlin", "konigsberg"),
    ("hamburg", "kiel"),
    ("hamburg", "ruhr"),
    ("ruhr", "munich"),
    ("munich", "milan"),
    ("breslau", "lvov"),
    ("konigsberg", "lvov"),
    ("rome", "milan"),
    ("rome", "naples"),
    ("milan", "turin"),
    ("milan", "genoa"),
    ("milan", "trieste"),
    ("turin", "genoa"),
    ("naples", "taranto"),
    ("naples", "messina"),
    ("messina", "palermo"),
    ("rome", "cagliari"),
    ("paris", "lille"),
    ("paris", "metz"),
    ("paris", "lyon"),
    ("paris", "brest"),
    ("paris", "lorient"),
    ("paris", "bordeaux"),
    ("lyon", "marseilles"),
    ("lille", "ruhr"),
    ("metz", "ruhr"),
    ("marseilles", "ajaccio"),
    ("marseilles", "algiers"),
    ("algiers", "tunis"),
    ("tunis", "palermo"),
    ("london", "birmingham"),
    ("london", "portsmouth"),
    ("birmingham", "liverpool"),
    ("birmingham", "glasgow"),
    ("liverpool", "belfast"),
    ("glasgow", "belfast"),
    ("portsmouth", "brest"),
    ("india_box", "calcutta"),
    ("calcutta", "imphal"),
    ("australia_box", "darwin"),
    ("australia_box", "cairns"),
    ("urals_box", "gorky"),
    ("urals_box", "stalingrad"),
    ("urals_box", "baku"),
    ("urals_box", "vologda"),
    ("urals_box", "chita"),
    ("gorky", "moscow"),
    ("moscow", "leningrad"),
    ("moscow", "vologda"),
    ("moscow", "kharkov"),
    ("vologda", "archangel"),
    ("vologda", "leningrad"),
    ("archangel", "murmansk"),
    ("leningrad", "murmansk"),
    ("kharkov", "rostov"),
    ("kharkov", "lvov"),
    ("rostov", "stalingrad"),
    ("rostov", "sevastopol"),
    ("stalingrad", "baku"),
    ("chita", "khabarovsk"),
    ("chita", "ulan_bator"),
    ("chita", "kyzyl"),
    ("khabarovsk", "vladivostok"),
    ("chita", "harbin"),
    ("tokyo", "osaka"),
    ("tokyo", "sapporo"),
    ("osaka", "kure"),
    ("kure", "matsuyama"),
    ("kure", "sasebo"),
    ("sapporo", "toyohara"),
    ("sapporo", "paramushiro"),
    ("sasebo", "naha"),
    ("sasebo", "pusan"),
    ("pusan", "seoul"),
    ("seoul", "mukden"),
    ("mukden", "harbin"),
    ("harbin", "vladivostok"),
    ("chungking", "kunming"),
    ("chungking", "sian"),
    ("chungking", "changsha"),
    ("sian", "yenan"),
    ("kunming", "imphal"),
)

SITE_BY_ID: dict[str, Site] = {site.id: site for site in SITES}

# 40.21: a grant's supply line is traced "from an unlimited supply source controlled by the grantor in its
# home country": the map's supply sources in each power's home country (27.42): Berlin and the Ruhr,
# Rome and Milan, London, Paris (Algiers and Beirut are colonies), the two U.S. boxes, Tokyo, Chungking
# and Yenan. Russia has none in its home country here (its source is the Urals box, 27.43 B); it grants
# only on surrendering (60.6), which is not planned. Who controls each is the scenario's map.
HOME_SUPPLY_SOURCES: dict[Power, tuple[str, ...]] = {
    power: tuple(site.id for site in SITES if site.supply_source and site.country in countries)
    for power, countries in HOME_COUNTRIES.items()
}
