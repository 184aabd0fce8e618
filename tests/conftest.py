"""Settings for the whole suite: property tests have no deadline and no speed health check, so a
busy machine slows them down but never fails them (benchmarks live in `bench/`)."""

from hypothesis import HealthCheck, settings

settings.register_profile("suite", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("suite")
