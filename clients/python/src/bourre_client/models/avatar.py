from enum import StrEnum


class Avatar(StrEnum):
    ALLIGATOR = "alligator"
    CATFISH = "catfish"
    CLUB = "club"
    CRAWFISH = "crawfish"
    DIAMOND = "diamond"
    FOX = "fox"
    HEART = "heart"
    HERON = "heron"
    MAGNOLIA = "magnolia"
    MOON = "moon"
    OWL = "owl"
    PELICAN = "pelican"
    RABBIT = "rabbit"
    RACCOON = "raccoon"
    SPADE = "spade"
    TURTLE = "turtle"

    def __str__(self) -> str:
        return str(self.value)
